import type { ReactNode } from 'react';
import { ArrowRight, Check, type LucideIcon } from 'lucide-react';
import { ButtonLink } from '@/components/ui';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

/** The eyebrow + heading + lead that opens every marketing section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = 'left',
  tone = 'light',
}: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  lead?: ReactNode;
  align?: 'left' | 'center';
  tone?: 'light' | 'dark';
}) {
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      <p
        className={cn(
          'text-sm font-semibold tracking-wider uppercase',
          tone === 'light' ? 'text-brand-700' : 'text-brand-300',
        )}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={cn(
          'mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl',
          tone === 'light' ? 'text-ink-950' : 'text-white',
        )}
      >
        {title}
      </h2>
      {lead && (
        <p className={cn('mt-4 text-lg leading-relaxed', tone === 'light' ? 'text-ink-600' : 'text-ink-300')}>{lead}</p>
      )}
    </div>
  );
}

export function Hero({
  eyebrow,
  title,
  lead,
  primary,
  secondary,
  points,
  aside,
}: {
  eyebrow: string;
  title: ReactNode;
  lead: ReactNode;
  primary: { label: string; to: string };
  secondary?: { label: string; to: string };
  /** short reassurance lines under the buttons */
  points?: string[];
  aside?: ReactNode;
}) {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-ink-950 text-white">
      <div
        className="absolute inset-0 -z-10 opacity-[0.07]"
        aria-hidden="true"
        style={{
          backgroundImage:
            'linear-gradient(90deg, #fbbf24 1px, transparent 1px), linear-gradient(#fbbf24 1px, transparent 1px)',
          backgroundSize: '56px 56px',
          maskImage: 'radial-gradient(ellipse at 30% 30%, black 30%, transparent 75%)',
        }}
      />
      <div
        className="absolute -top-40 right-[-10%] -z-10 size-[36rem] rounded-full bg-brand-500/20 blur-3xl"
        aria-hidden="true"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-16 pb-16 sm:px-6 sm:pt-20 sm:pb-20 lg:grid-cols-[1.15fr_1fr] lg:px-8 lg:pt-24 lg:pb-24">
        <div>
          <p className="inline-flex rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wider text-brand-300 uppercase ring-1 ring-white/15">
            {eyebrow}
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl leading-[1.06] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            {title}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-300">{lead}</p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <ButtonLink to={primary.to} size="lg">
              {primary.label}
              <ArrowRight className="size-4" aria-hidden="true" />
            </ButtonLink>
            {secondary && (
              <ButtonLink
                to={secondary.to}
                size="lg"
                variant="secondary"
                className="border-white/20 bg-white/5 text-white shadow-none hover:border-white/30 hover:bg-white/10"
              >
                {secondary.label}
              </ButtonLink>
            )}
          </div>
          {points && (
            <ul className="mt-8 flex flex-col gap-2 text-sm text-ink-300 sm:flex-row sm:flex-wrap sm:gap-x-6">
              {points.map((p) => (
                <li key={p} className="inline-flex items-center gap-2">
                  <Check className="size-4 text-brand-400" aria-hidden="true" />
                  {p}
                </li>
              ))}
            </ul>
          )}
        </div>
        {aside && <div className="hidden lg:block">{aside}</div>}
      </div>
    </section>
  );
}

export interface Feature {
  icon: LucideIcon;
  title: string;
  body: string;
}

export function FeatureGrid({
  id,
  eyebrow,
  title,
  lead,
  features,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
  features: Feature[];
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={`${id}-title`} eyebrow={eyebrow} title={title} lead={lead} />
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: Icon, title: t, body }) => (
            <li
              key={t}
              className="group rounded-2xl border border-ink-200 bg-white p-6 shadow-card transition-all hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-pop"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-200 transition-colors group-hover:bg-brand-500 group-hover:text-ink-950">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-base font-semibold text-ink-950">{t}</h3>
              <p className="mt-2 text-sm leading-relaxed text-ink-600">{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function HowItWorks({
  steps,
  title = 'How it works',
  lead,
}: {
  steps: { title: string; body: string }[];
  title?: string;
  lead?: string;
}) {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="border-y border-ink-200 bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="how-title" eyebrow="How it works" title={title} lead={lead} />
        <ol className="mt-14 grid gap-10 sm:grid-cols-2 lg:grid-cols-4 lg:gap-8">
          {steps.map((s, i) => (
            <li key={s.title} className="relative">
              {i < steps.length - 1 && (
                <span
                  className="absolute top-5 left-14 hidden h-px w-[calc(100%-3.5rem)] bg-gradient-to-r from-brand-300 to-ink-200 lg:block"
                  aria-hidden="true"
                />
              )}
              <span className="relative flex size-10 items-center justify-center rounded-full bg-ink-950 text-sm font-bold text-brand-400 ring-4 ring-brand-100">
                <span className="sr-only">Step </span>
                {i + 1}
              </span>
              <h3 className="mt-5 text-base font-semibold text-ink-950">{s.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-ink-600">{s.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function CallToAction({
  title,
  body,
  to,
  label,
  secondary,
}: {
  title: string;
  body: string;
  to: string;
  label: string;
  secondary?: { label: string; to: string };
}) {
  return (
    <section aria-labelledby="cta-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <div className="relative isolate overflow-hidden rounded-3xl bg-brand-500 px-6 py-14 text-center sm:px-12">
          <div
            className="absolute -right-16 -bottom-20 -z-10 size-72 rounded-full bg-brand-300/70 blur-2xl"
            aria-hidden="true"
          />
          <div
            className="absolute -top-24 -left-10 -z-10 size-60 rounded-full bg-brand-600/40 blur-2xl"
            aria-hidden="true"
          />
          <h2 id="cta-title" className="text-2xl font-bold tracking-tight text-balance text-ink-950 sm:text-3xl">
            {title}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-ink-900">{body}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to={to} variant="dark" size="lg">
              {label}
            </ButtonLink>
            {secondary && (
              <ButtonLink
                to={secondary.to}
                variant="secondary"
                size="lg"
                className="border-ink-950/15 bg-white/70 hover:bg-white"
              >
                {secondary.label}
              </ButtonLink>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

/** The audience switcher on the home page: two doors, one for each side of the market. */
export function AudienceCards() {
  const doors = [
    {
      to: paths.buyerLanding(),
      eyebrow: 'For buyers',
      title: 'Source with confidence',
      body: 'Publish a tender once and receive ranked, verified suppliers — with the reasons behind every match.',
      points: ['Tenders in minutes', 'Ranked supplier matches', 'Audit trail and deals'],
    },
    {
      to: paths.supplierLanding(),
      eyebrow: 'For suppliers',
      title: 'Win more of the right work',
      body: 'Show your catalogue to buyers who need it, follow the public-sector feed and get help with your bids.',
      points: ['Matched buyer tenders', 'Live public-sector feed', 'Bid Assist'],
    },
  ];
  return (
    <section aria-labelledby="audience-title" className="bg-ink-50 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="audience-title"
          eyebrow="Two sides, one marketplace"
          title="Built for both ends of the supply chain"
          align="center"
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-2">
          {doors.map((d) => (
            <li key={d.to} className="flex flex-col rounded-2xl bg-white p-6 shadow-card ring-1 ring-ink-200 sm:p-8">
              <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{d.eyebrow}</p>
              <h3 className="mt-2 text-2xl font-bold tracking-tight text-ink-950">{d.title}</h3>
              <p className="mt-3 text-ink-600">{d.body}</p>
              <ul className="mt-5 flex-1 space-y-2 text-sm text-ink-700">
                {d.points.map((p) => (
                  <li key={p} className="flex items-center gap-2">
                    <Check className="size-4 text-brand-600" aria-hidden="true" />
                    {p}
                  </li>
                ))}
              </ul>
              <ButtonLink to={d.to} variant="dark" className="mt-8 self-start">
                {d.eyebrow === 'For buyers' ? 'Explore for buyers' : 'Explore for suppliers'}
                <ArrowRight className="size-4" aria-hidden="true" />
              </ButtonLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** A static illustration of a tender and its best match for the hero (no data, decorative). */
export function HeroIllustration({ variant = 'buyer' }: { variant?: 'buyer' | 'supplier' }) {
  const tender =
    variant === 'buyer'
      ? {
          kind: 'Your tender',
          title: 'Structural steel for a 4-storey school extension',
          region: 'North West',
          category: 'Steel',
          third: ['Deadline', '21 days'],
        }
      : {
          kind: 'Matched tender',
          title: 'Roofing membrane and insulation for 120 homes',
          region: 'Yorkshire',
          category: 'Roofing',
          third: ['Budget', '£84,000'],
        };
  const match =
    variant === 'buyer'
      ? { score: 92, title: 'Strong match · Northfield Steel Ltd', body: 'Category, region and lead time fit' }
      : { score: 88, title: 'Strong match for your catalogue', body: 'Category, delivery area and price fit' };
  return (
    <div aria-hidden="true" className="relative mx-auto max-w-md select-none">
      <div className="rotate-[-1.5deg] rounded-2xl bg-white p-5 text-ink-900 shadow-pop">
        <div className="flex items-center justify-between">
          <p className="text-xs font-semibold tracking-wider text-ink-500 uppercase">{tender.kind}</p>
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-200">
            Active
          </span>
        </div>
        <p className="mt-2 font-semibold">{tender.title}</p>
        <div className="mt-4 grid grid-cols-3 gap-3 text-xs">
          <div className="rounded-lg bg-ink-50 p-2.5">
            <p className="text-ink-500">Region</p>
            <p className="mt-0.5 font-semibold">{tender.region}</p>
          </div>
          <div className="rounded-lg bg-ink-50 p-2.5">
            <p className="text-ink-500">Category</p>
            <p className="mt-0.5 font-semibold">{tender.category}</p>
          </div>
          <div className="rounded-lg bg-ink-50 p-2.5">
            <p className="text-ink-500">{tender.third[0]}</p>
            <p className="mt-0.5 font-semibold">{tender.third[1]}</p>
          </div>
        </div>
      </div>
      <div className="relative -mt-3 ml-10 rounded-2xl bg-ink-800 p-5 text-white shadow-pop ring-1 ring-white/10">
        <div className="flex items-center gap-3">
          <span className="flex size-11 items-center justify-center rounded-full bg-brand-500 text-sm font-bold text-ink-950">
            {match.score}
          </span>
          <div>
            <p className="text-sm font-semibold">{match.title}</p>
            <p className="text-xs text-ink-300">{match.body}</p>
          </div>
        </div>
        <div className="mt-4 h-2 rounded-full bg-white/10">
          <div className="h-2 rounded-full bg-brand-400" style={{ width: `${match.score}%` }} />
        </div>
        <div className="mt-4 flex flex-wrap gap-2 text-[11px]">
          {['Category', 'Region', 'Lead time', 'Price'].map((r) => (
            <span key={r} className="rounded-full bg-white/10 px-2 py-0.5 text-ink-200 ring-1 ring-white/10">
              ✓ {r}
            </span>
          ))}
        </div>
      </div>
      <div className="absolute -bottom-20 -left-4 rounded-xl bg-white px-4 py-3 text-ink-900 shadow-pop ring-1 ring-ink-200">
        <p className="text-xs text-ink-500">New message</p>
        <p className="text-sm font-semibold">“Can you deliver by the 14th?”</p>
      </div>
    </div>
  );
}
