/** The fields the tender form sends to POST /api/tender and PUT /api/tender/{id}: the shared contract's input. */
export type { TenderBody } from '@brickyard/shared';
