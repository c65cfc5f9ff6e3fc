/** The fields the catalogue form sends to POST /api/catalogue and PUT /api/catalogue/{id}: the shared contract's input. */
export type { CatalogueBody } from '@brickyard/shared';
