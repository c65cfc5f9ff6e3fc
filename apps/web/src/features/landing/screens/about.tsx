import { ArrowRight, Eye, HardHat, Handshake, Leaf, Scale } from 'lucide-react';
import { ButtonLink } from '@/components/ui';
import { SectionHeading } from '../components/marketing';
import { paths } from '@/lib/paths';

const VALUES = [
  {
    icon: Scale,
    title: 'Fair access',
    body: 'A specialist subcontractor with ten people and a national merchant compete on what they offer, not on who they know.',
  },
  {
    icon: Eye,
    title: 'Show our working',
    body: 'Every match comes with its reasons and every price with its terms. If we rank something, you can see why.',
  },
  {
    icon: Handshake,
    title: 'Earn trust',
    body: 'We review every company before it trades, keep an audit trail of every change and never sell your data.',
  },
  {
    icon: HardHat,
    title: 'Respect the site',
    body: 'Construction runs on deadlines and thin margins. We build for the person on the phone to a site manager, not for a demo.',
  },
  {
    icon: Leaf,
    title: 'Build responsibly',
    body: 'Local sourcing, certified materials and sustainable practice should be easy to find and easy to reward.',
  },
];

const FOUNDERS = [
  {
    initials: 'SM',
    name: 'Sarah Mensah',
    role: 'Co-founder & Chief Executive',
    bio: 'Twenty years in construction procurement, from site buyer to head of supply chain at a national contractor. Started Brickyard after watching good local suppliers lose work they could have done.',
  },
  {
    initials: 'TH',
    name: 'Tom Hargreaves',
    role: 'Co-founder & Chief Technology Officer',
    bio: 'Built search and data platforms for public-sector procurement. Leads the matching engine and the live tender feed.',
  },
  {
    initials: 'PN',
    name: 'Priya Nair',
    role: 'Co-founder & Chief Operating Officer',
    bio: 'Ran operations for a building-materials merchant. Leads account reviews, Bid Assist and customer support.',
  },
];

const PRINCIPLES = [
  { k: '48 hours', v: 'to review every new account by a person, not a bot' },
  { k: '2 sides', v: 'buyers and suppliers, on one marketplace with the same rules' },
  { k: '0 trackers', v: 'no advertising or analytics cookies on any page' },
];

export function AboutScreen() {
  return (
    <>
      <section aria-labelledby="about-title" className="relative isolate overflow-hidden bg-ink-950 text-white">
        <div
          className="absolute -top-32 left-1/2 -z-10 size-[34rem] -translate-x-1/2 rounded-full bg-brand-500/15 blur-3xl"
          aria-hidden="true"
        />
        <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 sm:py-28">
          <p className="text-sm font-semibold tracking-wider text-brand-300 uppercase">About Us</p>
          <h1
            id="about-title"
            className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Construction runs on relationships. We help them start.
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-ink-300">
            Brickyard was founded by people who have bought, sold and delivered in construction — and who were tired of
            good suppliers and good projects never finding each other.
          </p>
        </div>
      </section>

      <section aria-labelledby="mission-title" className="py-20 sm:py-24">
        <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-[1.2fr_1fr] lg:px-8">
          <div>
            <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Mission statement</p>
            <h2 id="mission-title" className="mt-2 text-3xl font-bold tracking-tight text-ink-950 sm:text-4xl">
              Our mission
            </h2>
            <blockquote className="mt-6 border-l-4 border-brand-500 pl-6 text-xl leading-relaxed font-medium text-ink-900 sm:text-2xl">
              To make construction procurement open, fast and fair: every buyer should find the supplier who fits, and
              every capable supplier should get a fair chance at the work.
            </blockquote>
            <div className="mt-8 space-y-4 leading-relaxed text-ink-700">
              <p>
                Too much of the industry&apos;s buying still happens through the same phone numbers and spreadsheets.
                Buyers re-tender because they cannot see who else could deliver; capable suppliers never hear about the
                work; public-sector notices are spread across portals that few small firms have time to watch.
              </p>
              <p>
                Brickyard puts tenders, catalogues and the public-sector feed in one place, matches them on what
                actually decides a job — category, region, price, lead time, certifications and record — and explains
                every match so people can decide quickly and defend their choice.
              </p>
            </div>
          </div>
          <ul className="grid content-start gap-4">
            {PRINCIPLES.map((p) => (
              <li key={p.k} className="rounded-2xl bg-ink-50 p-6 ring-1 ring-ink-200">
                <p className="text-3xl font-extrabold tracking-tight text-ink-950">{p.k}</p>
                <p className="mt-1 text-sm text-ink-600">{p.v}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="values-title" className="border-y border-ink-200 bg-ink-50 py-20 sm:py-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="values-title"
            eyebrow="What we stand for"
            title="Our core values"
            lead="The rules we use when a decision is hard."
          />
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {VALUES.map(({ icon: Icon, title, body }) => (
              <li key={title} className="rounded-2xl bg-white p-6 shadow-card ring-1 ring-ink-200">
                <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-200">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="mt-5 font-semibold text-ink-950">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-ink-600">{body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="founders-title" className="py-20 sm:py-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="founders-title"
            eyebrow="The team"
            title="Our founders"
            lead="Between them: a contractor's supply chain, a materials merchant and the data behind public-sector procurement."
          />
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {FOUNDERS.map((f) => (
              <li key={f.name} className="flex flex-col rounded-2xl border border-ink-200 bg-white p-7 shadow-card">
                <span
                  className="flex size-16 items-center justify-center rounded-2xl bg-gradient-to-br from-ink-800 to-ink-950 text-xl font-bold text-brand-400 ring-4 ring-brand-100"
                  aria-hidden="true"
                >
                  {f.initials}
                </span>
                <h3 className="mt-5 text-lg font-semibold text-ink-950">{f.name}</h3>
                <p className="text-sm font-medium text-brand-700">{f.role}</p>
                <p className="mt-3 text-sm leading-relaxed text-ink-600">{f.bio}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="join-title" className="pb-20 sm:pb-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <div className="flex flex-col items-start justify-between gap-6 rounded-3xl bg-ink-950 px-8 py-10 text-white sm:flex-row sm:items-center sm:px-12">
            <div>
              <h2 id="join-title" className="text-2xl font-bold tracking-tight">
                Work with us
              </h2>
              <p className="mt-2 max-w-xl text-ink-300">
                Whether you buy or supply, Brickyard is built to get you to the right partner faster.
              </p>
            </div>
            <div className="flex flex-wrap gap-3">
              <ButtonLink to={paths.buyerLanding()} size="lg">
                For buyers
                <ArrowRight className="size-4" aria-hidden="true" />
              </ButtonLink>
              <ButtonLink
                to={paths.supplierLanding()}
                size="lg"
                variant="secondary"
                className="border-white/20 bg-white/5 text-white shadow-none hover:bg-white/10"
              >
                For suppliers
              </ButtonLink>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
