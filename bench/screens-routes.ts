import pg from 'pg';

/**
 * What the screens bench needs to call each GET of the OpenAPI document that a table cannot take
 * from the document itself: the values of path parameters (from the seeded dataset), required
 * query values, the role that uses it first, and the few operations that are not a screen's read
 * (with why). An operation missing here still runs if it has no path parameter; one with a
 * parameter nobody filled is a FAIL that names it, so a new screen cannot be left out unnoticed.
 */
export type Role = 'buyer' | 'supplier' | 'admin';
export type Kind = 'object' | 'list' | 'search';

export interface Ids {
  buyer: string;
  supplier: string;
  admin: string;
  /** active tenders of other buyers (what suppliers open) */
  tenders: string[];
  /** the demo buyer's own tenders, with responses, questions and audit */
  ownTenders: string[];
  /** a tender with a contract */
  contractTenders: string[];
  items: string[];
  suppliers: string[];
  buyers: string[];
  external: string[];
  conversations: string[];
  responses: string[];
  reviews: string[];
  requirements: string[];
  bidAssist: string[];
}

export interface RoutePlan {
  /** who calls it first (others are tried if this one is refused) */
  role?: Role;
  /** URLs to cycle through (path and query), or why it is not benched */
  urls?: (ids: Ids) => string[];
  query?: string;
  kind?: Kind;
  skip?: string;
}

const each = (values: string[], f: (v: string) => string) => values.map(f);

export const ROUTES: Record<string, RoutePlan> = {
  '/api/tender': { query: 'page=1&pageSize=20' },
  '/api/tender/{id}': { role: 'supplier', urls: (i) => each(i.tenders, (id) => `/api/tender/${id}`) },
  '/api/tender/{id}/responses': {
    role: 'buyer',
    urls: (i) => each(i.ownTenders, (id) => `/api/tender/${id}/responses`),
  },
  // a supplier opening the response form of an open tender: the draft Bid Assist writes for them
  '/api/tender/{id}/responses/prefill': {
    role: 'supplier',
    urls: (i) => each(i.tenders, (id) => `/api/tender/${id}/responses/prefill`),
    kind: 'object',
  },
  '/api/tender/{id}/questions': {
    role: 'buyer',
    urls: (i) => each(i.ownTenders, (id) => `/api/tender/${id}/questions`),
  },
  '/api/tender/user/{id}': {
    role: 'supplier',
    urls: (i) => each(i.buyers, (id) => `/api/tender/user/${id}`),
    kind: 'list',
  },
  '/api/tender/user/active-pending/{id}': {
    role: 'supplier',
    urls: (i) => each(i.buyers, (id) => `/api/tender/user/active-pending/${id}`),
    kind: 'list',
  },
  '/api/tender/stats/{id}': { role: 'buyer', urls: (i) => [`/api/tender/stats/${i.buyer}`] },
  '/api/tender/matches/supplier': { role: 'supplier', kind: 'search' },
  '/api/tender/matches/buyer': { role: 'buyer', kind: 'search' },
  '/api/tender/matches/recommendations/{id}': {
    role: 'buyer',
    urls: (i) => each(i.ownTenders, (id) => `/api/tender/matches/recommendations/${id}`),
    kind: 'search',
  },
  '/api/tender/supplierTenders': { role: 'supplier' },
  '/api/tender/supplierFulfilledTenders': { role: 'supplier' },
  '/api/tender/supplierFulfilledAndPendingTenders': { role: 'supplier' },
  '/api/catalogue': { query: 'page=1&pageSize=20' },
  '/api/catalogue/{id}': { role: 'buyer', urls: (i) => each(i.items, (id) => `/api/catalogue/${id}`) },
  '/api/catalogue/user/{id}': {
    role: 'buyer',
    urls: (i) => each(i.suppliers, (id) => `/api/catalogue/user/${id}`),
    kind: 'list',
  },
  // the same routes under their older name
  '/api/product': { query: 'page=1&pageSize=20' },
  '/api/product/{id}': { role: 'buyer', urls: (i) => each(i.items, (id) => `/api/product/${id}`) },
  '/api/product/user/{id}': {
    role: 'buyer',
    urls: (i) => each(i.suppliers, (id) => `/api/product/user/${id}`),
    kind: 'list',
  },
  '/api/users/profile/{id}': { role: 'buyer', urls: (i) => each(i.suppliers, (id) => `/api/users/profile/${id}`) },
  '/api/external-tenders/{id}': {
    role: 'supplier',
    urls: (i) => each(i.external, (id) => `/api/external-tenders/${id}`),
  },
  // the live feed as it opens (newest first, with its facets), a filter, and phrases suppliers type
  '/api/external-tenders/search': {
    role: 'supplier',
    urls: () =>
      [
        '',
        '?status=open&cpv=45',
        '?q=roof%20repairs',
        '?q=office%20cleaning%20contract',
        '?q=school%20taxi%20journeys',
        '?q=electrical%20installation&status=open',
      ].map((q) => `/api/external-tenders/search${q}`),
    kind: 'search',
  },
  '/api/external-tenders/suggest': { role: 'supplier', query: 'q=roof', kind: 'search' },
  '/api/external-tenders/top': { role: 'supplier' },
  '/api/search': { role: 'buyer', query: 'type=catalogue&q=steel%20beams', kind: 'search' },
  '/api/users/search': { role: 'buyer', query: 'q=bench', kind: 'search' },
  '/api/messages/{id}': {
    role: 'buyer',
    urls: (i) => each(i.conversations, (id) => `/api/messages/${id}`),
    kind: 'list',
  },
  '/api/contract/tender/{id}': {
    role: 'buyer',
    urls: (i) => each(i.contractTenders, (id) => `/api/contract/tender/${id}`),
  },
  '/api/contract/user/{id}': { role: 'buyer', urls: (i) => [`/api/contract/user/${i.buyer}`], kind: 'list' },
  '/api/responses/{id}': { role: 'supplier', urls: (i) => each(i.responses, (id) => `/api/responses/${id}`) },
  '/api/reviews/{id}': { role: 'buyer', urls: (i) => each(i.reviews, (id) => `/api/reviews/${id}`), kind: 'list' },
  '/api/requirements/{id}': { role: 'supplier', urls: (i) => each(i.requirements, (id) => `/api/requirements/${id}`) },
  '/api/bid-assist/{id}': { role: 'supplier', urls: (i) => each(i.bidAssist, (id) => `/api/bid-assist/${id}`) },
  '/api/admin/overview': { role: 'admin' },
  '/api/admin/dashboard': { role: 'admin' },
  '/api/admin/bid-assist': { role: 'admin' },
  '/api/auth/users': { role: 'admin' },
  '/api/analytics/supplier': { role: 'supplier' },
  '/api/responses/mine': { role: 'supplier' },
  // Not a screen's read: links opened from an email, downloads, and the event stream.
  '/api/auth/verify-email': { skip: 'a link from an email (one-time token)' },
  '/api/notifications/unsubscribe': { skip: 'a link from an email (signed token)' },
  '/api/realtime/stream': { skip: 'an event stream that stays open (bench:load and the realtime section)' },
  '/api/upload/presigned-download-url': { skip: 'a download link for one stored file' },
  '/api/billing/invoices/{id}/pdf': { skip: 'a PDF download' },
  '/api/bid-assist/{id}/pack.pdf': { skip: 'a PDF download' },
  '/api/tender/{id}/responses/compare': { skip: 'a comparison export (a PDF by default, or CSV)' },
  '/api/bid-assist/{id}/file': { skip: 'a file download' },
  '/api/settings/privacy/export': { skip: 'a data export download (rate limited)' },
  '/api/catalogue/import/template': { skip: 'a CSV template download' },
  '/api/tender/{id}/audit': { skip: 'an audit trail export (a PDF by default, or CSV)' },
};

/** Ids from the seeded dataset for the path parameters above. */
export async function datasetIds(databaseUrl: string): Promise<Ids> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const col = async (q: string, params: unknown[] = []) =>
    (await client.query<{ v: string }>(q, params)).rows.map((r) => r.v);
  try {
    const idOf = async (email: string) => (await col(`select id::text as v from users where email = $1`, [email]))[0]!;
    const buyer = await idOf('buyer@brickyard.test');
    const supplier = await idOf('supplier@brickyard.test');
    const admin = await idOf('admin@brickyard.test');
    return {
      buyer,
      supplier,
      admin,
      tenders: await col(
        `select id::text as v from tenders where status = 'active' and user_id <> $1 order by md5(id::text) limit 50`,
        [buyer],
      ),
      ownTenders: await col(`select id::text as v from tenders where user_id = $1 order by created_at desc limit 20`, [
        buyer,
      ]),
      contractTenders: await col(`select tender_id::text as v from contracts where buyer_id = $1 limit 20`, [buyer]),
      items: await col(`select id::text as v from catalogue_items order by md5(id::text) limit 50`),
      suppliers: await col(
        `select id::text as v from users where role = 'supplier' and approved order by md5(id::text) limit 50`,
      ),
      buyers: await col(
        `select id::text as v from users where role = 'buyer' and approved order by md5(id::text) limit 50`,
      ),
      external: await col(`select id::text as v from external_tenders order by md5(id::text) limit 50`),
      conversations: await col(
        `select conversation_id::text as v from conversation_participants where user_id = $1 limit 50`,
        [buyer],
      ),
      responses: await col(`select id::text as v from tender_responses where supplier_id = $1 limit 20`, [supplier]),
      reviews: await col(
        `select id::text as v from users where role = 'supplier' and approved order by md5(id::text) limit 50`,
      ),
      requirements: await col(
        `select id::text as v from users where role = 'buyer' and approved order by md5(id::text) limit 50`,
      ),
      bidAssist: await col(`select id::text as v from bid_assist_requests where supplier_id = $1 limit 20`, [supplier]),
    };
  } finally {
    await client.end();
  }
}
