import { BellRing, FileCheck2, MessagesSquare, Radio, ShieldCheck, Sparkles, Target, Users } from 'lucide-react';
import { DemoVideo } from '../components/demo-video';
import { AudienceCards, CallToAction, FeatureGrid, Hero, HeroIllustration, HowItWorks } from '../components/marketing';
import { PricingSection } from '../components/pricing-section';
import { paths } from '@/lib/paths';

const FEATURES = [
  {
    icon: Target,
    title: 'AI-powered matching',
    body: 'Every tender is scored against every relevant catalogue — category, region, price, lead time and track record — and the reasons are shown.',
  },
  {
    icon: Radio,
    title: 'Live public-sector feed',
    body: 'Notices from Contracts Finder and Find a Tender arrive in one searchable feed, so suppliers never miss an opportunity.',
  },
  {
    icon: Sparkles,
    title: 'Bid Assist',
    body: 'Send us a tender and get structured help shaping the bid: requirements broken down, gaps flagged, a response ready to fill.',
  },
  {
    icon: MessagesSquare,
    title: 'Messaging built in',
    body: 'Talk to buyers and suppliers without leaving the platform; share documents and agree terms in one thread.',
  },
  {
    icon: FileCheck2,
    title: 'Deals with an audit trail',
    body: 'Turn a match into a contract and follow it to completion. Every change to a tender is recorded and exportable.',
  },
  {
    icon: ShieldCheck,
    title: 'Verified companies',
    body: 'Our team reviews every account before it trades, so you always know who you are dealing with.',
  },
];

const STEPS = [
  {
    title: 'Create your account',
    body: 'Sign up as a buyer or a supplier and choose a plan. We review every account within 48 hours.',
  },
  {
    title: 'Say what you need or offer',
    body: 'Buyers publish tenders; suppliers build a catalogue of products and services.',
  },
  {
    title: 'Get matched',
    body: 'Brickyard ranks the best counterparts for each tender and listing, and explains why.',
  },
  { title: 'Talk and close the deal', body: 'Message, agree terms and track the contract through to delivery.' },
];

export function HomeScreen() {
  return (
    <>
      <Hero
        eyebrow="The construction tender marketplace"
        title={
          <>
            Build your pipeline, <span className="text-brand-400">not your inbox.</span>
          </>
        }
        lead="Brickyard connects construction buyers with the suppliers who can deliver — matched on what matters, with a live feed of public-sector tenders and help to win them."
        primary={{ label: 'Get started', to: paths.register() }}
        secondary={{ label: 'See pricing', to: '/#pricing' }}
        points={['Every account verified', 'Monthly or yearly billing', 'UK public-sector feed included on Growth']}
        aside={<HeroIllustration />}
      />
      <DemoVideo />
      <FeatureGrid
        id="features"
        eyebrow="Why Brickyard"
        title="Everything between the tender and the contract"
        lead="One place for construction procurement: find the right partner, make your case and get the work done."
        features={FEATURES}
      />
      <AudienceCards />
      <HowItWorks steps={STEPS} title="From first tender to signed deal in four steps" />
      <PricingSection />
      <section aria-label="What you can count on" className="border-b border-ink-200 bg-white">
        <ul className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:grid-cols-3 sm:px-6 lg:px-8">
          {[
            {
              icon: Users,
              t: 'Reviewed within 48 hours',
              b: 'A person on our team checks every new company before it trades.',
            },
            {
              icon: BellRing,
              t: 'Never miss a match',
              b: 'Notifications for new matches, messages and approaching deadlines.',
            },
            {
              icon: ShieldCheck,
              t: 'Your data, handled properly',
              b: 'UK GDPR compliant, no advertising trackers, export or delete any time.',
            },
          ].map(({ icon: Icon, t, b }) => (
            <li key={t} className="flex gap-3">
              <Icon className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
              <div>
                <p className="font-semibold text-ink-950">{t}</p>
                <p className="mt-0.5 text-sm text-ink-600">{b}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <CallToAction
        title="Ready to find your next project?"
        body="Join buyers and suppliers across the UK construction industry. Save 30% on your first month with the code EARLYBIRD."
        to={paths.register()}
        label="Create your account"
        secondary={{ label: 'Sign in', to: paths.login }}
      />
    </>
  );
}
