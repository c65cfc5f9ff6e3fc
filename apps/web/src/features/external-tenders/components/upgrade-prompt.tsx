import { Lock } from 'lucide-react';
import { PLANS } from '@brickyard/shared';
import { ButtonLink } from '@/components/ui';
import { paths } from '@/lib/paths';

/** docs/product.md section 9: Core suppliers see this instead of the feed (the API answers 402 PLAN_FEATURE_UNAVAILABLE). */
export function UpgradePrompt() {
  return (
    <section
      aria-labelledby="live-feed-upgrade"
      className="flex flex-col items-center rounded-xl border border-brand-200 bg-linear-to-b from-brand-50 to-white px-6 py-12 text-center shadow-card"
    >
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-white text-brand-700 shadow-card ring-1 ring-brand-200">
        <Lock className="size-6" aria-hidden="true" />
      </span>
      <h2 id="live-feed-upgrade" className="text-lg font-semibold text-ink-900">
        The Live Feed is part of the {PLANS.GROWTH.name} and {PLANS.PARTNER.name} plans
      </h2>
      <p className="mt-2 max-w-lg text-sm text-ink-600">
        Upgrade to browse public-sector tenders from Contracts Finder, Find a Tender and Sell2Wales, save searches with
        email alerts and keep a list of favourites.
      </p>
      <ButtonLink to={paths.supplier.settings.billing} className="mt-6">
        Upgrade your plan
      </ButtonLink>
    </section>
  );
}
