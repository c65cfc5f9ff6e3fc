import type { CreatePortfolioItemBody, PortfolioItem } from '@brickyard/shared';
import { profileListClient } from './profile-list';

/** Supplier portfolio (docs/product.md section 3 Profile): POST /api/portfolio, PUT and DELETE /api/portfolio/{id}. */
export const portfolioApi = profileListClient<PortfolioItem, CreatePortfolioItemBody>('/api/portfolio');
