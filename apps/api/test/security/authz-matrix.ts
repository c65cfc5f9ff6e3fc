/**
 * The authorization matrix (docs/reliability.md): every operation of the OpenAPI document × every identity,
 * with the answer each identity must get. authz-matrix.test.ts fails on an operation that has no
 * row here (and on a row whose operation no longer exists), so a new endpoint cannot skip it.
 *
 * HOW TO ADD A ROW — one line per operation, `row(operation, expected, options)`:
 *   operation  exactly as the OpenAPI document names it: "METHOD /path/{param}"
 *   expected   eight answers, one per identity, in the column order of IDENTITIES:
 *                anon   buyer  buyer2  supplier  supplier2  admin  pending  unsub
 *              `buyer` owns the fixtures of buyers (tender, contract, conversation), `supplier`
 *              those of suppliers (item, file, notification, saved search, project, bid-assist
 *              request); `buyer2`/`supplier2` are other users of the same role.
 *              Each answer is one of:
 *                ok     2xx
 *                pass   the caller got through authentication and authorization: any answer
 *                       below 500 except 401, 402, 403, 404 and 423 (a 400 for a body the test does
 *                       not bother to make valid counts)
 *                deny   403 or 404 (another user's object)
 *                hide   2xx without the row's `secret` id in the answer (a list filtered to nothing)
 *                4xx    any client error (public endpoints that reject the test's input)
 *                a status, e.g. 401, 402, 403, 404, 423, 400: exactly that
 *   options    id / query / body: functions of the fixtures (and of the caller) that fill the path
 *              parameter {id}, the query string and the JSON body (default: a minimal valid
 *              sample of the body schema); fresh: make the object anew for every identity (for
 *              operations that change or delete it); noMassAssign: leave the operation out of the
 *              mass-assignment pass (it changes the caller's own account, plan or password).
 */
import type { TestUser } from '../harness.ts';

export const IDENTITIES = ['anon', 'buyer', 'buyer2', 'supplier', 'supplier2', 'admin', 'pending', 'unsub'] as const;
export type Identity = (typeof IDENTITIES)[number];
export type Expected = 'ok' | 'pass' | 'deny' | 'hide' | '4xx' | number;

/** Objects made before the run, owned by `buyer` or `supplier` (see authz-matrix.test.ts). */
export interface Fixtures {
  users: Record<Exclude<Identity, 'anon'>, TestUser>;
  /** an active tender of buyer */
  tender: string;
  /** a tender of buyer awarded to supplier, and its proposed contract */
  awardedTender: string;
  contract: string;
  /** a catalogue item of supplier */
  item: string;
  /** a conversation between buyer and supplier, with one message */
  conversation: string;
  /** a notification of supplier */
  notification: string;
  /** a stored file of supplier (private upload type) */
  fileKey: string;
  savedSearch: string;
  project: string;
  portfolio: string;
  bidAssist: string;
  /** a user awaiting approval whom the admin may approve */
  toApprove: string;
  /** make objects anew, for `fresh` rows */
  newTender(): Promise<string>;
  newItem(): Promise<string>;
  newContract(): Promise<string>;
  newFileKey(uploadType?: string): Promise<string>;
  newSavedSearch(): Promise<string>;
  newProject(): Promise<string>;
  newPortfolio(): Promise<string>;
}

export interface Vars {
  id?: string;
  [k: string]: string | undefined;
}

export interface RowOptions {
  /** the {id} path parameter */
  id?: (fx: Fixtures, v: Vars) => string;
  query?: (fx: Fixtures, me: TestUser | null, v: Vars) => Record<string, unknown>;
  body?: (fx: Fixtures, me: TestUser | null, v: Vars) => unknown;
  /** objects made anew before each identity's request (their ids land in `v`) */
  fresh?: (fx: Fixtures) => Promise<Vars>;
  noMassAssign?: boolean;
  /** for `hide`: an id that must not appear in the answer */
  secret?: (fx: Fixtures) => string;
  /** a Server-Sent Events stream: the test reads the status and hangs up */
  stream?: boolean;
  /** the call ends the caller's sessions (logout): the identity signs in again after it */
  relogin?: boolean;
}

export interface Row extends RowOptions {
  op: string;
  expected: Record<Identity, Expected>;
}

function row(op: string, answers: string, opts: RowOptions = {}): Row {
  const parts = answers.trim().split(/\s+/);
  if (parts.length !== IDENTITIES.length)
    throw new Error(`${op}: ${parts.length} answers, ${IDENTITIES.length} identities`);
  const expected = Object.fromEntries(
    IDENTITIES.map((who, i) => {
      const a = parts[i]!;
      return [who, /^\d{3}$/.test(a) ? Number(a) : (a as Expected)];
    }),
  ) as Record<Identity, Expected>;
  return { op, expected, ...opts };
}

let mailbox = 0;
/** a fresh address each call, so per-address limits do not interfere */
const nobody = () => `nobody-${process.pid}-${++mailbox}@example.test`;
const RANDOM_ID = '00000000-0000-4000-8000-000000000001';
const deadline = () => new Date(Date.now() + 20 * 86_400_000).toISOString();
const tenderBody = () => ({
  title: 'Authz matrix tender',
  description: 'Supply of ready-mix concrete for the authorization matrix test.',
  category: 'concrete',
  budget: 1000,
  region: 'north-west',
  deadline: deadline(),
});
const itemBody = () => ({
  title: 'Authz matrix item',
  description: 'Ready-mix concrete for the authorization matrix test, delivered.',
  category: 'concrete',
  value: 100,
  region: 'north-west',
  availability: 'available',
});
const fresh = {
  tender: async (fx: Fixtures) => ({ id: await fx.newTender() }),
  item: async (fx: Fixtures) => ({ id: await fx.newItem() }),
  contract: async (fx: Fixtures) => ({ id: await fx.newContract() }),
  file: async (fx: Fixtures) => ({ key: await fx.newFileKey() }),
  savedSearch: async (fx: Fixtures) => ({ id: await fx.newSavedSearch() }),
  project: async (fx: Fixtures) => ({ id: await fx.newProject() }),
  portfolio: async (fx: Fixtures) => ({ id: await fx.newPortfolio() }),
};
const v = (name: string) => (_fx: Fixtures, vars: Vars) => vars[name]!;

//                                                         anon buyer buyer2 supp supp2 admin pend unsub
export const MATRIX: Row[] = [
  // health and public configuration
  row('GET /api/health', 'ok   ok   ok   ok   ok   ok   ok   ok'),
  row('GET /api/public/config', 'ok   ok   ok   ok   ok   ok   ok   ok'),
  row('POST /api/billing/webhook', '404  404  404  404  404  404  404  404'),

  // auth: public endpoints answer everyone the same; a token changes nothing
  row('POST /api/auth/register', 'pass pass pass pass pass pass pass pass', {
    body: () => ({ role: 'admin', email: 'not-an-email' }),
  }),
  row('GET /api/auth/verify-email', '4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx', {
    query: () => ({ token: 'forged-token' }),
  }),
  row('POST /api/auth/resend-verification', 'ok   ok   ok   ok   ok   ok   ok   ok', {
    body: () => ({ email: nobody() }),
  }),
  row('POST /api/auth/login', '401  401  401  401  401  401  401  401', {
    body: () => ({ email: 'nobody@example.test', password: 'Wrong-password-1' }),
  }),
  row('POST /api/auth/login/2fa', '4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx', {
    body: () => ({ challenge: 'forged', code: '123456' }),
  }),
  row('POST /api/auth/forgot-password', 'ok   ok   ok   ok   ok   ok   ok   ok', { body: () => ({ email: nobody() }) }),
  row('POST /api/auth/forgot-password-validation', '4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx', {
    body: () => ({ token: 'forged', password: 'New-password-123' }),
  }),
  // signed-in, not gated; the body is left invalid so no password changes
  row('POST /api/auth/reset-password', '401  400  400  400  400  400  400  400', {
    body: () => ({}),
    noMassAssign: true,
  }),
  row('GET /api/auth/session', '401  ok   ok   ok   ok   ok   ok   ok'),
  row('POST /api/auth/logout', '401  ok   ok   ok   ok   ok   ok   ok', { relogin: true }),
  row('POST /api/auth/contact-us', '401  ok   ok   ok   ok   ok   ok   ok', {
    body: () => ({
      userEmail: nobody(),
      userName: 'Matrix',
      userTitle: 'Authz matrix',
      userMessage: 'A message from the authorization matrix test.',
    }),
  }),

  // admin only (function-level authorization)
  row('GET /api/auth/users', '401  403  403  403  403  ok   403  403'),
  row('POST /api/auth/approve-user', '401  403  403  403  403  ok   403  403', {
    body: (fx) => ({ userId: fx.toApprove }),
  }),
  row('GET /api/admin/dashboard', '401  403  403  403  403  ok   403  403'),
  row('GET /api/admin/jobs/failed', '401  403  403  403  403  ok   403  403'),
  row('POST /api/admin/jobs/{id}/retry', '401  403  403  403  403  404  403  403', {
    id: () => '00000000-0000-4000-8000-000000000000',
  }),
  row('GET /api/admin/overview', '401  403  403  403  403  ok   403  403'),
  row('GET /api/admin/bid-assist', '401  403  403  403  403  ok   403  403'),
  row('PUT /api/admin/bid-assist/{id}', '401  403  403  403  403  ok   403  403', {
    id: (fx) => fx.bidAssist,
    body: () => ({ status: 'in_review', reply: 'Looking at it' }),
  }),

  // billing: buyers and suppliers, not gated (an unsubscribed user must reach it to pay)
  row('GET /api/billing/info', '401  ok   ok   ok   ok   403  ok   ok'),
  row('POST /api/billing/upgrade', '401  400  400  400  400  403  400  400', {
    body: () => ({ planType: 'GOLD' }),
    noMassAssign: true,
  }),
  row('POST /api/billing/cancel', '401  pass pass pass pass 403  pass pass', { noMassAssign: true }),
  row('POST /api/billing/resume', '401  pass pass pass pass 403  pass pass', { noMassAssign: true }),
  row('POST /api/billing/customer-portal', '401  pass pass pass pass 403  pass pass', { noMassAssign: true }),
  row('GET /api/billing/invoices/{id}/pdf', '401  404  404  404  404  403  404  404', { id: () => RANDOM_ID }),
  row('GET /api/settings/billing', '401  ok   ok   ok   ok   403  ok   ok'),
  row('PUT /api/settings/billing', '401  pass pass pass pass 403  pass pass', { noMassAssign: true }),

  // notifications: every signed-in user, not gated; a notification is its owner's alone
  // one-click unsubscribe: public, the signed token is the authority (a missing or forged one answers 4xx)
  row('GET /api/notifications/unsubscribe', '4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx'),
  row('POST /api/notifications/unsubscribe', '4xx  4xx  4xx  4xx  4xx  4xx  4xx  4xx'),
  // tender responses and questions: suppliers respond and ask, the tender's buyer reads and decides
  row('POST /api/tender/{id}/responses', '401  403  403  pass pass 403  403  402', { id: (fx) => fx.tender }),
  row('GET /api/tender/{id}/responses', '401  ok   deny ok   ok   ok   423  402', { id: (fx) => fx.tender }),
  row('GET /api/tender/{id}/responses/prefill', '401  403  403  ok   ok   403  403  402', { id: (fx) => fx.tender }),
  row('GET /api/tender/{id}/responses/compare', '401  pass deny 403  403  pass 423  403', { id: (fx) => fx.tender }),
  row('GET /api/responses/mine', '401  403  403  ok   ok   403  403  402'),
  row('GET /api/responses/{id}', '401  404  404  404  404  404  423  402', { id: () => RANDOM_ID }),
  row('PUT /api/responses/{id}', '401  403  403  4xx  4xx  403  403  402', { id: () => RANDOM_ID }),
  row('POST /api/responses/{id}/withdraw', '401  403  403  404  404  403  403  402', { id: () => RANDOM_ID }),
  row('PUT /api/responses/{id}/note', '401  404  404  403  403  403  423  403', {
    id: () => RANDOM_ID,
    body: () => ({ note: 'Cheapest, check the crane hire' }),
  }),
  row('POST /api/responses/{id}/shortlist', '401  404  404  403  403  403  423  403', { id: () => RANDOM_ID }),
  row('POST /api/responses/{id}/award', '401  404  404  403  403  403  423  403', { id: () => RANDOM_ID }),
  row('POST /api/tender/{id}/questions', '401  403  403  pass pass 403  403  402', {
    id: (fx) => fx.tender,
    body: () => ({ text: 'Is delivery to site included?' }),
  }),
  row('GET /api/tender/{id}/questions', '401  ok   deny ok   ok   ok   423  402', { id: (fx) => fx.tender }),
  row('POST /api/questions/{id}/answer', '401  404  404  403  403  403  423  403', {
    id: () => RANDOM_ID,
    body: () => ({ text: 'Yes', publish: true }),
  }),
  row('GET /api/notifications', '401  ok   ok   ok   ok   ok   ok   ok'),
  row('GET /api/notifications/unread-count', '401  ok   ok   ok   ok   ok   ok   ok'),
  row('PUT /api/notifications/read-all', '401  ok   ok   ok   ok   ok   ok   ok'),
  row('PUT /api/notifications/{id}/read', '401  deny deny ok   deny deny deny deny', { id: (fx) => fx.notification }),
  row('GET /api/settings/notifications', '401  ok   ok   ok   ok   ok   ok   ok'),
  row('PUT /api/settings/notifications', '401  pass pass pass pass pass pass pass'),

  // uploads: a key belongs to the user whose folder it is in
  row('POST /api/upload/presigned-upload-url', '401  ok   ok   ok   ok   ok   ok   ok', {
    body: (_fx, me) => ({
      userId: me?.id ?? RANDOM_ID,
      fileName: 'plan.pdf',
      fileType: 'application/pdf',
      uploadType: 'contract-document',
    }),
  }),
  row('GET /api/upload/quota', '401  ok   ok   ok   ok   ok   ok   ok'),
  row('GET /api/upload/presigned-download-url', '401  deny deny ok   deny deny deny deny', {
    query: (fx) => ({ key: fx.fileKey }),
  }),
  row('DELETE /api/upload/file', '401  deny deny ok   deny deny deny deny', {
    fresh: fresh.file,
    query: (_fx, _me, vars) => ({ key: vars.key }),
  }),
  row('DELETE /api/upload/folder', '401  deny deny ok   deny deny deny deny', {
    // its own folder, so the other fixtures' files stay
    fresh: async (fx) => ({ key: await fx.newFileKey('matrix-folder') }),
    query: (_fx, _me, vars) => ({ key: vars.key!.split('/').slice(0, 2).join('/') }),
  }),
  row('POST /api/product/upload-image', '401  403  403  pass pass 403  403  402'),
  row('POST /api/product/upload-document', '401  403  403  pass pass 403  403  402'),

  // tenders: buyers write their own; everyone signed in and active reads
  row('POST /api/tender', '401  ok   ok   403  403  403  423  403', { body: tenderBody }),
  row('GET /api/tender', '401  ok   ok   ok   ok   ok   423  402'),
  row('GET /api/tender/buyerTenders', '401  ok   ok   403  403  403  423  403'),
  row('GET /api/tender/supplierTenders', '401  403  403  ok   ok   403  403  402'),
  row('GET /api/tender/supplierFulfilledTenders', '401  403  403  ok   ok   403  403  402'),
  row('GET /api/tender/supplierFulfilledAndPendingTenders', '401  403  403  ok   ok   403  403  402'),
  row('GET /api/tender/user/active-pending/{id}', '401  ok   ok   ok   ok   ok   423  402', {
    id: (fx) => fx.users.buyer.id,
  }),
  row('GET /api/tender/user/{id}', '401  ok   ok   ok   ok   ok   423  402', { id: (fx) => fx.users.buyer.id }),
  row('GET /api/tender/stats/{id}', '401  ok   deny deny deny ok   423  402', { id: (fx) => fx.users.buyer.id }),
  row('GET /api/tender/{id}', '401  ok   deny ok   ok   ok   423  402', { id: (fx) => fx.tender }),
  row('PUT /api/tender/{id}', '401  ok   deny 403  403  403  423  403', {
    id: (fx) => fx.tender,
    body: () => ({ title: 'Authz matrix tender, revised' }),
  }),
  row('DELETE /api/tender/{id}', '401  ok   deny 403  403  403  423  403', { fresh: fresh.tender, id: v('id') }),
  row('POST /api/tender/{id}/complete', '401  pass deny 403  403  403  423  403', { fresh: fresh.tender, id: v('id') }),
  row('GET /api/tender/{id}/audit', '401  ok   deny 403  403  ok   423  403', { id: (fx) => fx.tender }),
  row('GET /api/tender/matches/supplier', '401  403  403  ok   ok   403  403  402'),
  row('GET /api/tender/matches/buyer', '401  ok   ok   403  403  403  423  403'),
  row('GET /api/tender/matches/recommendations/{id}', '401  ok   deny ok   ok   pass 423  402', {
    id: (fx) => fx.tender,
  }),

  // catalogue (the same items under /api/catalogue and /api/product): suppliers write their own
  ...(['catalogue', 'product'] as const).flatMap((p) => [
    row(`POST /api/${p}`, '401  403  403  ok   ok   403  403  402', { body: itemBody }),
    row(`GET /api/${p}`, '401  ok   ok   ok   ok   ok   423  402'),
    row(`GET /api/${p}/user/{id}`, '401  ok   ok   ok   ok   ok   423  402', { id: (fx) => fx.users.supplier.id }),
    row(`GET /api/${p}/{id}`, '401  ok   ok   ok   ok   ok   423  402', { id: (fx) => fx.item }),
    row(`PUT /api/${p}/{id}`, '401  403  403  ok   deny 403  403  402', {
      id: (fx) => fx.item,
      body: () => ({ title: 'Authz matrix item, revised' }),
    }),
    row(`DELETE /api/${p}/{id}`, '401  403  403  ok   deny 403  403  402', { fresh: fresh.item, id: v('id') }),
  ]),
  row('POST /api/catalogue/import', '401  403  403  pass pass 403  403  402'),
  row('GET /api/catalogue/import/template', '401  403  403  ok   ok   403  403  402'),

  // the live feed of public-sector tenders: suppliers only; saved searches are their owner's
  row('GET /api/external-tenders/status', '401  403  403  ok   ok   403  403  402'),
  row('GET /api/external-tenders/top', '401  403  403  ok   ok   403  403  402'),
  row('GET /api/external-tenders/search', '401  403  403  ok   ok   403  403  402'),
  row('GET /api/external-tenders/suggest', '401  403  403  ok   ok   403  403  402', {
    query: () => ({ q: 'roof rep' }),
  }),
  row('GET /api/external-tenders/favourites/user', '401  403  403  ok   ok   403  403  402'),
  row('POST /api/external-tenders/favourites/{id}', '401  403  403  404  404  403  403  402', { id: () => RANDOM_ID }),
  row('DELETE /api/external-tenders/favourites/{id}', '401  403  403  404  404  403  403  402', {
    id: () => RANDOM_ID,
  }),
  row('GET /api/external-tenders/saved-searches', '401  403  403  ok   ok   403  403  402'),
  row('POST /api/external-tenders/saved-searches', '401  403  403  ok   ok   403  403  402', {
    body: () => ({ name: 'Authz', criteria: {} }),
  }),
  row('PUT /api/external-tenders/saved-searches/{id}', '401  403  403  ok   deny 403  403  402', {
    id: (fx) => fx.savedSearch,
    body: () => ({ name: 'Authz revised', criteria: {} }),
  }),
  row('DELETE /api/external-tenders/saved-searches/{id}', '401  403  403  ok   deny 403  403  402', {
    fresh: fresh.savedSearch,
    id: v('id'),
  }),
  row('GET /api/external-tenders/{id}', '401  403  403  404  404  403  403  402', { id: () => RANDOM_ID }),

  // profiles: every signed-in user reads (not gated, so a pending user can fill in theirs);
  // buyers and suppliers edit their own
  row('GET /api/users/profile', '401  pass pass pass pass pass pass pass', {
    query: (fx) => ({ id: fx.users.supplier.id }),
  }),
  row('GET /api/users/profile/me', '401  ok   ok   ok   ok   pass ok   ok'),
  row('GET /api/users/profile/{id}', '401  ok   ok   ok   deny ok   423  402', { id: (fx) => fx.users.supplier.id }),
  row('GET /api/settings/profile', '401  ok   ok   ok   ok   403  ok   ok'),
  row('PUT /api/settings/profile', '401  ok   ok   ok   ok   403  ok   ok', {
    body: () => ({ description: 'Edited by the authorization matrix test' }),
  }),
  row('PUT /api/settings/profile-and-requirements', '401  ok   ok   ok   ok   403  ok   ok', {
    body: () => ({ industry: 'Edited by the authorization matrix test', requirements: { pricing: 'Fixed price' } }),
  }),
  row('POST /api/settings/projects', '401  ok   ok   ok   ok   403  ok   ok', {
    body: () => ({ name: 'Authz project' }),
  }),
  row('PUT /api/settings/projects/{id}', '401  deny deny ok   deny 403  deny deny', {
    id: (fx) => fx.project,
    body: () => ({ name: 'Authz project, revised' }),
  }),
  row('DELETE /api/settings/projects/{id}', '401  deny deny ok   deny 403  deny deny', {
    fresh: fresh.project,
    id: v('id'),
  }),
  row('POST /api/portfolio', '401  ok   ok   ok   ok   403  ok   ok', {
    body: () => ({ title: 'Authz portfolio item' }),
  }),
  row('PUT /api/portfolio/{id}', '401  deny deny ok   deny 403  deny deny', {
    id: (fx) => fx.portfolio,
    body: () => ({ title: 'Authz portfolio, revised' }),
  }),
  row('DELETE /api/portfolio/{id}', '401  deny deny ok   deny 403  deny deny', { fresh: fresh.portfolio, id: v('id') }),
  row('GET /api/requirements', '401  ok   ok   ok   ok   pass ok   ok'),
  row('PUT /api/requirements', '401  ok   ok   ok   ok   403  ok   ok', { body: () => ({ pricing: 'Fixed price' }) }),
  row('GET /api/requirements/{id}', '401  ok   deny ok   ok   ok   423  402', { id: (fx) => fx.users.buyer.id }),

  // settings of one's own account: every signed-in user, not gated; bodies that would change the
  // account are left invalid
  row('GET /api/settings/account', '401  ok   ok   ok   ok   ok   ok   ok'),
  row('PUT /api/settings/account', '401  pass pass pass pass pass pass pass', { noMassAssign: true }),
  row('DELETE /api/settings/account', '401  400  400  400  400  400  400  400', {
    body: () => ({}),
    noMassAssign: true,
  }),
  row('GET /api/settings/security', '401  ok   ok   ok   ok   ok   ok   ok'),
  row('PUT /api/settings/security', '401  400  400  400  400  400  400  400', { body: () => ({}), noMassAssign: true }),
  row('GET /api/settings/privacy', '401  ok   ok   ok   ok   ok   ok   ok'),
  row('PUT /api/settings/privacy', '401  pass pass pass pass pass pass pass'),
  row('GET /api/settings/privacy/export', '401  ok   ok   ok   ok   ok   ok   ok'),

  // contracts: the buyer proposes; the two parties act; nobody else sees them
  row('POST /api/contract', '401  ok   deny 403  403  403  423  403', {
    fresh: fresh.tender,
    body: (fx, _me, vars) => ({ tenderId: vars.id, supplierId: fx.users.supplier.id, value: 900, terms: 'Net 30' }),
  }),
  row('GET /api/contract/tender/{id}', '401  ok   deny ok   hide ok   423  402', {
    id: (fx) => fx.awardedTender,
    secret: (fx) => fx.contract,
  }),
  row('GET /api/contract/user/{id}', '401  ok   deny deny deny ok   423  402', { id: (fx) => fx.users.buyer.id }),
  row('PUT /api/contract/{id}', '401  deny deny ok   deny 403  423  402', {
    fresh: fresh.contract,
    id: v('id'),
    body: () => ({ action: 'decline' }),
  }),
  row('DELETE /api/contract/{id}', '401  ok   deny 403  403  403  423  403', { fresh: fresh.contract, id: v('id') }),

  // reviews
  row('GET /api/reviews', '401  pass pass pass pass pass 423  402', {
    query: (fx) => ({ userId: fx.users.supplier.id }),
  }),
  row('POST /api/reviews', '401  pass deny pass deny 403  423  402', {
    body: (fx) => ({ contractId: fx.contract, rating: 5, text: 'Fine' }),
  }),
  row('GET /api/reviews/{id}', '401  pass pass pass deny pass 423  402', { id: (fx) => fx.users.supplier.id }),

  // realtime: a ticket for any signed-in user; the stream takes only a ticket
  row('POST /api/realtime/ticket', '401  ok   ok   ok   ok   ok   ok   ok'),
  row('GET /api/realtime/stream', '401  ok   ok   ok   ok   ok   ok   ok', { stream: true }),

  // messaging: a conversation is its two parties' alone
  row('POST /api/conversation', '401  ok   ok   ok   ok   403  423  402', {
    body: (fx, me) => ({ userId: me?.role === 'supplier' ? fx.users.buyer.id : fx.users.supplier.id }),
  }),
  row('GET /api/conversations', '401  ok   ok   ok   ok   403  423  402'),
  row('GET /api/messages/{id}', '401  ok   deny ok   deny deny 423  402', { id: (fx) => fx.conversation }),
  row('POST /api/sendMessage', '401  ok   deny ok   deny deny 423  402', {
    body: (fx) => ({ conversationId: fx.conversation, text: 'Authz matrix message' }),
  }),
  row('PUT /api/{id}/read', '401  ok   deny ok   deny deny 423  402', { id: (fx) => fx.conversation }),
  row('GET /api/users/search', '401  pass pass pass pass 403  423  402', { query: () => ({ q: 'Test' }) }),

  // analytics dashboards: each role its own
  row('GET /api/analytics/buyer', '401  ok   ok   403  403  403  423  403'),
  row('GET /api/analytics/supplier', '401  403  403  ok   ok   403  403  402'),

  // search
  row('GET /api/search', '401  ok   ok   ok   ok   ok   423  402', { query: () => ({ q: 'concrete' }) }),

  // bid assist: suppliers ask; the request is its supplier's (and the admins')
  row('POST /api/bid-assist', '401  403  403  ok   ok   403  403  402', {
    body: (fx) => ({
      tenderId: fx.tender,
      message: 'Please help us write this bid for the matrix test.',
      deadline: deadline(),
    }),
  }),
  row('GET /api/bid-assist', '401  403  403  ok   ok   403  403  402'),
  row('GET /api/bid-assist/targets', '401  403  403  ok   ok   403  403  402'),
  row('GET /api/bid-assist/{id}', '401  403  403  ok   deny ok   403  402', { id: (fx) => fx.bidAssist }),
  row('GET /api/bid-assist/{id}/pack.pdf', '401  403  403  ok   deny ok   403  402', { id: (fx) => fx.bidAssist }),
  row('GET /api/bid-assist/{id}/file', '401  403  403  ok   deny ok   403  402', {
    id: (fx) => fx.bidAssist,
    query: (fx) => ({ key: fx.fileKey }),
  }),
];

/** Fields that no caller may set on anything through a body: who they are, what they may do, what they own. */
export const MASS_ASSIGNMENT_FIELDS: Record<string, unknown> = {
  role: 'admin',
  isAdmin: true,
  admin: true,
  approved: true,
  emailVerified: true,
  emailVerifiedAt: '2020-01-01T00:00:00.000Z',
  plan: 'GROWTH',
  planType: 'GROWTH',
  subscription: { plan: 'GROWTH', status: 'active' },
  subscriptionStatus: 'active',
  hasActiveSubscription: true,
  sessionVersion: 0,
  passwordHash: 'x',
  ownerId: RANDOM_ID,
  userId: RANDOM_ID,
  buyerId: RANDOM_ID,
  supplierId: RANDOM_ID,
  createdBy: RANDOM_ID,
  id: RANDOM_ID,
};
