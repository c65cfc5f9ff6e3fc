/**
 * The support mailbox (docs/product.md section 2, Terms page). The API reads SUPPORT_EMAIL from its
 * environment (default support@brickyard.test); the web has no runtime config, so the default lives
 * here until the shared package exports it.
 */
export const SUPPORT_EMAIL = 'support@brickyard.test';
export const BOOK_MEETING_HREF = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Brickyard Partner plan — book a meeting')}`;
