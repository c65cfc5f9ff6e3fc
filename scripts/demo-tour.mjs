// The product tour of the demo video: who signs in, then each scene's caption and screen, in
// order. scripts/record-demo-video.mjs records it; e2e/demo-video.test.ts checks, in every build,
// that the recorded film is of this tour (its chapters) and that none of these screens is empty
// on the seeded product — so a changed screen or seed cannot leave the film stale unnoticed.

/**
 * A screen that says it has nothing to show: a line that is only "No conversations yet",
 * "No activity yet.", "No invoices yet"… (a sentence that merely contains the words is not one).
 */
export const EMPTY_STATE = /^(No [A-Za-z ]{2,40} yet\.?|Nothing (here|to show) yet\.?)$/m;

/**
 * `signIn`: a scene that signs in as that demo account. `open`: CSS selectors of the first link to
 * follow from `url` (the scene is the page it leads to).
 */
export const TOUR = [
  { signIn: 'buyer@brickyard.test', caption: 'A buyer signs in' },
  { caption: 'Buyer dashboard: active, pending and fulfilled tenders at a glance', url: '/buyer' },
  { caption: 'Listings: every tender the buyer has published', url: '/buyer/tenders' },
  {
    caption: 'A tender in detail, with its ranked supplier matches',
    url: '/buyer/tenders',
    open: ['main a[href^="/buyer/tender/"]'],
  },
  { caption: 'Publishing a tender takes a few minutes', url: '/buyer/create-tender' },
  { caption: 'Connect: suppliers matched to the buyer’s tenders, with the reasons', url: '/buyer/connect' },
  { caption: 'Messages: one conversation per counterpart', url: '/buyer/messages' },
  { caption: 'Billing: plan, usage and invoices', url: '/buyer/settings/billing' },
  { signIn: 'supplier@brickyard.test', caption: 'A supplier signs in' },
  { caption: 'Supplier dashboard', url: '/supplier' },
  { caption: 'Catalogue: products and services with prices, lead times and stock', url: '/supplier/catalogue' },
  {
    caption: 'Live Feed: public-sector tenders from Contracts Finder and Find a Tender',
    url: '/supplier/external-search',
  },
  { caption: 'Matches for the supplier’s catalogue', url: '/supplier/connect' },
  { caption: 'Messages with buyers, about their tenders', url: '/supplier/messages' },
  { caption: 'Deals: contracts tracked to completion', url: '/supplier/deals' },
  { caption: 'Billing: Core, Growth or Partner, monthly or yearly', url: '/supplier/settings/billing' },
];
