/**
 * Forms import their resolver from here so the friendlier zod messages (zod-config) are installed
 * before any form validates — and zod stays out of pages that have no form.
 */
import './zod-config';

export { zodResolver } from '@hookform/resolvers/zod';
