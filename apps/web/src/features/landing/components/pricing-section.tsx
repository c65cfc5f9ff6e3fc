import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, CalendarDays } from 'lucide-react';
import { PLANS, type BillingCycle, type SignupRole } from '@brickyard/shared';
import { BillingCycleToggle, PlanCards, PromoBanner } from '@/components/pricing/pricing-plans';
import { Segmented, buttonClasses } from '@/components/ui';
import { BOOK_MEETING_HREF } from '@/lib/contact-info';
import { getBillingCycle, getPricingRole, setPricingRole } from '@/lib/session';
import { SectionHeading } from './marketing';
import { paths } from '@/lib/paths';

const AUDIENCE: Record<SignupRole, string> = {
  buyer: 'Publish tenders, get matched with verified suppliers and manage your deals in one place.',
  supplier: 'List your catalogue, get matched with buyer tenders, follow the live feed and bid with confidence.',
};

/**
 * docs/product.md section 2 pricing block: the three plans of section 9, a monthly/yearly toggle and the
 * promo banner. The buyer/supplier choice (`pricingRole`) and the cycle (`billingCycle`) are kept
 * in localStorage. A landing page for one audience passes `defaultRole`, which opens on that
 * audience until the visitor picks the other one.
 */
export function PricingSection({ defaultRole }: { defaultRole?: SignupRole }) {
  const [role, setRole] = useState<SignupRole>(() => getPricingRole() ?? defaultRole ?? 'buyer');
  const [cycle, setCycle] = useState<BillingCycle>(() => getBillingCycle() ?? 'monthly');

  return (
    <section id="pricing" aria-labelledby="pricing-title" className="bg-ink-50 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Plans that grow with your pipeline"
          lead={AUDIENCE[role]}
          align="center"
        />
        <div className="mt-8 flex flex-col items-center gap-5">
          <PromoBanner />
          <div className="flex flex-col items-center gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
            <Segmented
              label="Pricing for"
              value={role}
              onChange={(v) => {
                setRole(v);
                setPricingRole(v);
              }}
              items={[
                { value: 'buyer', label: 'For buyers' },
                { value: 'supplier', label: 'For suppliers' },
              ]}
            />
            <BillingCycleToggle value={cycle} onChange={setCycle} />
          </div>
          <p className="sr-only" aria-live="polite">
            Showing {role} pricing, billed {cycle}.
          </p>
        </div>
        <PlanCards
          className="mx-auto mt-14 max-w-5xl"
          label={`Plans for ${role}s`}
          cycle={cycle}
          action={({ plan: type, featured }) =>
            PLANS[type].selfCheckout ? (
              <Link
                to={paths.register({ plan: type, role, cycle })}
                className={buttonClasses(featured ? 'primary' : 'dark', 'lg', 'mt-8 w-full')}
                aria-label={`Choose ${PLANS[type].name}, ${cycle}, as a ${role}`}
              >
                Choose {PLANS[type].name}
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            ) : (
              <a href={BOOK_MEETING_HREF} className={buttonClasses('secondary', 'lg', 'mt-8 w-full')}>
                <CalendarDays className="size-4" aria-hidden="true" />
                Book a meeting
              </a>
            )
          }
        />
        <p className="mx-auto mt-10 max-w-2xl text-center text-sm text-ink-600">
          Prices exclude VAT. Yearly billing is the list price × 12 less 10%, paid once a year; monthly billing is shown
          beside it so you can compare. New accounts are reviewed by our team within 48 hours.
        </p>
      </div>
    </section>
  );
}
