/**
 * The articles of the /articles page (docs/product.md section 2: an empty list today). Add an entry here to
 * publish one; the page renders the list and falls back to its empty state when there are none.
 */
export interface Article {
  slug: string;
  title: string;
  summary: string;
  /** ISO date */
  publishedAt: string;
  topic: 'Buying' | 'Supplying' | 'Public sector' | 'Product';
  readingMinutes: number;
}

export const ARTICLES: readonly Article[] = [];
