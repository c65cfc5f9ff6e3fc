import { Outlet } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { Logo } from '@/components/brand/logo';

const POINTS = [
  'Publish tenders and get matched with suppliers who fit',
  'List your catalogue and see the tenders that need it',
  'A live feed of UK public-sector opportunities',
];

/** Sign-in, sign-up and account-recovery pages: a form beside a brand panel. */
export function AuthLayout() {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)]">
      <div className="flex flex-col px-4 py-6 sm:px-8">
        <header>
          <Logo />
        </header>
        <main id="main" className="flex flex-1 items-start justify-center py-10 sm:items-center">
          <div className="w-full max-w-md">
            <Outlet />
          </div>
        </main>
        <footer className="text-xs text-ink-500">© 2025 Brickyard. GDPR compliant.</footer>
      </div>
      <aside
        aria-label="About Brickyard"
        className="relative hidden overflow-hidden bg-ink-900 text-white lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col lg:justify-end lg:p-14"
      >
        <div
          className="absolute inset-0 opacity-[0.12]"
          aria-hidden="true"
          style={{
            backgroundImage:
              'linear-gradient(90deg, #f59e0b 1px, transparent 1px), linear-gradient(#f59e0b 1px, transparent 1px)',
            backgroundSize: '48px 48px',
          }}
        />
        <div className="absolute -top-24 -right-24 size-96 rounded-full bg-brand-500/25 blur-3xl" aria-hidden="true" />
        <div className="relative max-w-lg">
          <p className="text-sm font-semibold tracking-wider text-brand-400 uppercase">Construction marketplace</p>
          <p className="mt-3 text-3xl leading-tight font-bold">
            Where construction buyers and suppliers find each other.
          </p>
          <ul className="mt-8 space-y-3">
            {POINTS.map((p) => (
              <li key={p} className="flex gap-3 text-ink-200">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-400" aria-hidden="true" />
                {p}
              </li>
            ))}
          </ul>
        </div>
      </aside>
    </div>
  );
}
