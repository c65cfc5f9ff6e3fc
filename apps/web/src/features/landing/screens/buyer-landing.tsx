import { ClipboardList, FileCheck2, Gauge, MessagesSquare, Target, Users } from 'lucide-react';
import { DemoVideo } from '../components/demo-video';
import { CallToAction, FeatureGrid, Hero, HeroIllustration, HowItWorks } from '../components/marketing';
import { PricingSection } from '../components/pricing-section';
import { paths } from '@/lib/paths';

const FEATURES = [
  {
    icon: ClipboardList,
    title: 'Tenders in minutes',
    body: 'Describe what you need — category, quantities, budget, region and deadline — and attach drawings and specifications.',
  },
  {
    icon: Target,
    title: 'Ranked supplier matches',
    body: 'See the suppliers whose catalogues fit best, scored on category, region, price, lead time and record, with the reasons.',
  },
  {
    icon: Users,
    title: 'Verified suppliers',
    body: 'Every company is reviewed before it trades, with certifications, delivery areas and past work on its profile.',
  },
  {
    icon: MessagesSquare,
    title: 'One conversation per supplier',
    body: 'Ask questions, share documents and agree terms in the same thread — no lost email chains.',
  },
  {
    icon: FileCheck2,
    title: 'Contracts and audit trail',
    body: 'Every change to a tender is recorded. Export the audit as PDF, CSV or JSON when you need to show your process.',
  },
  {
    icon: Gauge,
    title: 'Your pipeline at a glance',
    body: 'Active, pending and fulfilled tenders on one dashboard, with the figures that matter to your team.',
  },
];

const STEPS = [
  { title: 'Sign up as a buyer', body: 'Create your account and choose a plan. Our team reviews it within 48 hours.' },
  { title: 'Publish a tender', body: 'Tell suppliers what you need, by when, where and for how much.' },
  { title: 'Review your matches', body: 'Compare ranked suppliers, their catalogues, reviews and track record.' },
  { title: 'Award the work', body: 'Message your shortlist, agree a deal and track it to completion.' },
];

export function BuyerLandingScreen() {
  return (
    <>
      <Hero
        eyebrow="For buyers"
        title={
          <>
            Find suppliers who can <span className="text-brand-400">actually deliver.</span>
          </>
        }
        lead="Publish a tender once and let Brickyard bring you ranked, verified suppliers — matched on category, region, price, lead time and record."
        primary={{ label: 'Start as a buyer', to: paths.register({ role: 'buyer' }) }}
        secondary={{ label: 'See pricing', to: paths.buyerLanding('pricing') }}
        points={['Verified suppliers only', 'Matches explained', 'Full audit trail']}
        aside={<HeroIllustration variant="buyer" />}
      />
      <DemoVideo title="Watch a buyer's day on Brickyard" />
      <FeatureGrid
        id="buyer-features"
        eyebrow="Built for procurement teams"
        title="Source faster, with fewer surprises"
        lead="From the first tender to the signed deal, everything a main contractor, developer or public body needs to buy well."
        features={FEATURES}
      />
      <HowItWorks steps={STEPS} title="From tender to contract" />
      <PricingSection defaultRole="buyer" />
      <CallToAction
        title="Publish your first tender"
        body="Create a buyer account and get matched with suppliers in your region. Save 30% on your first month with the code EARLYBIRD."
        to={paths.register({ role: 'buyer' })}
        label="Create a buyer account"
        secondary={{ label: 'I am a supplier', to: paths.supplierLanding() }}
      />
    </>
  );
}
