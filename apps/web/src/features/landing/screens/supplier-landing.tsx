import { LineChart, Package, Radio, Sparkles, Star, Target } from 'lucide-react';
import { DemoVideo } from '../components/demo-video';
import { CallToAction, FeatureGrid, Hero, HeroIllustration, HowItWorks } from '../components/marketing';
import { PricingSection } from '../components/pricing-section';
import { paths } from '@/lib/paths';

const FEATURES = [
  {
    icon: Package,
    title: 'Your catalogue, working for you',
    body: 'List products and services with prices, lead times, availability, delivery areas and documents.',
  },
  {
    icon: Target,
    title: 'Matched to real demand',
    body: 'See the buyer tenders your catalogue fits, ranked and explained, as soon as they are published.',
  },
  {
    icon: Radio,
    title: 'Live tender feed',
    body: 'Search UK public-sector notices from Contracts Finder and Find a Tender, and star the ones worth chasing.',
  },
  {
    icon: Sparkles,
    title: 'Bid Assist',
    body: 'Send us a tender and get structured help preparing a stronger, compliant bid.',
  },
  {
    icon: Star,
    title: 'Reputation that compounds',
    body: 'Reviews and fulfilled deals lift you in future matches, so good work brings more work.',
  },
  {
    icon: LineChart,
    title: 'Know what works',
    body: 'Track matches, conversations and deals from your dashboard and focus on what converts.',
  },
];

const STEPS = [
  {
    title: 'Sign up as a supplier',
    body: 'Create your account and choose a plan. Our team reviews it within 48 hours.',
  },
  { title: 'Build your catalogue', body: 'Add the products and services you supply, where you deliver and how fast.' },
  {
    title: 'Get matched, follow the feed',
    body: 'See buyer tenders that fit and public-sector opportunities as they are published.',
  },
  { title: 'Bid and win', body: 'Message buyers, use Bid Assist and track your deals to completion.' },
];

export function SupplierLandingScreen() {
  return (
    <>
      <Hero
        eyebrow="For suppliers"
        title={
          <>
            Put your catalogue in front of <span className="text-brand-400">buyers who need it.</span>
          </>
        }
        lead="Brickyard matches your products to live construction tenders and brings the public-sector feed to one place — with help to write the bid."
        primary={{ label: 'Start as a supplier', to: paths.register({ role: 'supplier' }) }}
        secondary={{ label: 'See pricing', to: paths.supplierLanding('pricing') }}
        points={['Matched tenders', 'Live public-sector feed', 'Bid Assist']}
        aside={<HeroIllustration variant="supplier" />}
      />
      <DemoVideo title="Watch a supplier win work on Brickyard" />
      <FeatureGrid
        id="supplier-features"
        eyebrow="Built for suppliers"
        title="More of the right work, less chasing"
        lead="Manufacturers, merchants, specialist subcontractors and service firms: show what you do and let the work come to you."
        features={FEATURES}
      />
      <HowItWorks steps={STEPS} title="From catalogue to contract" />
      <PricingSection defaultRole="supplier" />
      <CallToAction
        title="List your catalogue today"
        body="Create a supplier account and start seeing the tenders that fit. Save 30% on your first month with the code EARLYBIRD."
        to={paths.register({ role: 'supplier' })}
        label="Create a supplier account"
        secondary={{ label: 'I am a buyer', to: paths.buyerLanding() }}
      />
    </>
  );
}
