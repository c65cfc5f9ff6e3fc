import { generatePath } from 'react-router';

/**
 * Every route of the web app, in one place: `routes` are the segments the router declares (each
 * relative to its parent, as react-router nests them), and `paths` builds the absolute links the
 * screens navigate to from the same segments, so a renamed route cannot leave a dead link behind.
 * Lives in lib/ because features may not import app/ (docs/style.md rule 8).
 */
export const routes = {
  notFound: '*',
  public: {
    buyerLanding: 'buyerLanding',
    supplierLanding: 'supplierLanding',
    about: 'about',
    articles: 'articles',
    terms: 'terms',
  },
  auth: {
    login: 'login',
    register: 'register',
    forgotPassword: 'forgot-password',
    verifyEmail: 'verify-email',
    resetPasswordValidation: 'reset-password-validation',
  },
  /** The three signed-in areas; each declares its own screens below. */
  area: { buyer: 'buyer/*', supplier: 'supplier/*', admin: 'admin/*' },
  buyer: {
    tenders: 'tenders',
    createTender: 'create-tender',
    editTender: 'edit-tender/:id',
    messages: 'messages',
    tender: 'tender/:id',
    deals: 'deals',
    connect: 'connect',
    profile: 'profile',
  },
  supplier: {
    // docs/design.md section 9: /supplier/abc names no screen; it shows the dashboard.
    abc: 'abc',
    messages: 'messages',
    catalogue: 'catalogue',
    catalogueItem: 'catalogue/:id',
    addCatalogue: 'add-catalogue',
    editCatalogue: 'edit-catalogue/:id',
    viewCatalogue: 'view-catalogue',
    connect: 'connect',
    liveFeed: 'external-search',
    externalTender: 'external-search/:id',
    contracts: 'contracts',
    deals: 'deals',
    tender: 'tender/:id',
    responses: 'responses',
    profile: 'profile',
    bidAssist: 'bid-assist',
  },
  /** Under /buyer/settings and /supplier/settings alike. */
  settings: {
    root: 'settings',
    profile: 'profile',
    security: 'security',
    notifications: 'notifications',
    billing: 'billing',
    accounts: 'accounts',
    privacy: 'privacy',
    resetPassword: 'reset-password',
  },
  admin: { dashboard: 'dashboard', users: 'users' },
} as const;

export type SignedInRole = 'buyer' | 'supplier';
export type Role = SignedInRole | 'admin';

/** "/area/segment" with the `:id` of the segment filled. */
function under(area: string, segment: string, id?: string) {
  const pattern = `/${area}/${segment}`;
  return id === undefined ? pattern : generatePath(pattern, { id });
}

/** `base` with the query string of `params`, leaving out the ones not given (in the given order). */
function withQuery(base: string, params: Record<string, string | undefined>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, v);
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}

function settingsPaths(role: SignedInRole) {
  const S = routes.settings;
  const base = `/${role}/${S.root}`;
  return {
    root: base,
    profile: `${base}/${S.profile}`,
    security: `${base}/${S.security}`,
    notifications: `${base}/${S.notifications}`,
    billing: `${base}/${S.billing}`,
    accounts: `${base}/${S.accounts}`,
    privacy: `${base}/${S.privacy}`,
    resetPassword: `${base}/${S.resetPassword}`,
  };
}

const B = routes.buyer;
const Sp = routes.supplier;
const P = routes.public;
const A = routes.auth;

export const paths = {
  home: '/',
  buyerLanding: (hash?: 'pricing') => `/${P.buyerLanding}${hash ? `#${hash}` : ''}`,
  supplierLanding: (hash?: 'pricing') => `/${P.supplierLanding}${hash ? `#${hash}` : ''}`,
  about: `/${P.about}`,
  articles: `/${P.articles}`,
  /** With a hash, only that policy shows (docs/product.md section 2). */
  terms: (only?: 'privacy' | 'cookies') => `/${P.terms}${only ? `#${only}` : ''}`,
  login: `/${A.login}`,
  register: (q: { plan?: string; role?: SignedInRole; cycle?: string } = {}) =>
    withQuery(`/${A.register}`, { plan: q.plan, role: q.role, cycle: q.cycle }),
  forgotPassword: `/${A.forgotPassword}`,
  verifyEmail: `/${A.verifyEmail}`,
  resetPasswordValidation: `/${A.resetPasswordValidation}`,

  buyer: {
    dashboard: '/buyer',
    tenders: under('buyer', B.tenders),
    createTender: under('buyer', B.createTender),
    editTender: (id: string) => under('buyer', B.editTender, id),
    tender: (id: string) => under('buyer', B.tender, id),
    messages: under('buyer', B.messages),
    deals: under('buyer', B.deals),
    connect: under('buyer', B.connect),
    profile: under('buyer', B.profile),
    settings: settingsPaths('buyer'),
  },
  supplier: {
    dashboard: '/supplier',
    messages: under('supplier', Sp.messages),
    catalogue: under('supplier', Sp.catalogue),
    catalogueItem: (id: string) => under('supplier', Sp.catalogueItem, id),
    addCatalogue: (tab?: 'import') => withQuery(under('supplier', Sp.addCatalogue), { tab }),
    editCatalogue: (id: string) => under('supplier', Sp.editCatalogue, id),
    viewCatalogue: under('supplier', Sp.viewCatalogue),
    connect: under('supplier', Sp.connect),
    liveFeed: under('supplier', Sp.liveFeed),
    externalTender: (id: string) => under('supplier', Sp.externalTender, id),
    deals: under('supplier', Sp.deals),
    tender: (id: string) => under('supplier', Sp.tender, id),
    responses: under('supplier', Sp.responses),
    profile: under('supplier', Sp.profile),
    bidAssist: under('supplier', Sp.bidAssist),
    settings: settingsPaths('supplier'),
  },
  admin: {
    dashboard: under('admin', routes.admin.dashboard),
    users: (q: { approved?: boolean } = {}) =>
      withQuery(under('admin', routes.admin.users), { approved: q.approved?.toString() }),
  },
  /** Where a role lands after signing in (its dashboard). */
  dashboardOf: (role: Role) => (role === 'admin' ? under('admin', routes.admin.dashboard) : `/${role}`),
  /** The signed-in user's own profile page. */
  profileOf: (role: SignedInRole) => (role === 'supplier' ? under('supplier', Sp.profile) : under('buyer', B.profile)),
  settingsOf: settingsPaths,
} as const;
