import { useEffect, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { Cookie, Lock } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useSupportEmail } from '../api/get-public-config';
import { CookiePolicy } from '../components/cookie-policy';
import { PrivacyPolicy } from '../components/privacy-policy';
import { paths } from '@/lib/paths';

type Only = 'privacy' | 'cookies' | null;

function subscribeHash(onChange: () => void) {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

/**
 * The URL hash, kept live: router navigations re-render through useLocation, and a hash typed in
 * the address bar (or changed by another script) arrives as a hashchange event.
 */
function useHash(): string {
  useLocation();
  return useSyncExternalStore(subscribeHash, () => window.location.hash);
}

function selectionOf(hash: string): Only {
  const h = hash.toLowerCase();
  return h === '#privacy' ? 'privacy' : h === '#cookies' ? 'cookies' : null;
}

const TABS = [
  { to: paths.terms(), only: null, short: 'Both', rest: ' policies', icon: null },
  { to: paths.terms('privacy'), only: 'privacy', short: 'Privacy', rest: ' Policy', icon: Lock },
  { to: paths.terms('cookies'), only: 'cookies', short: 'Cookie', rest: ' Policy', icon: Cookie },
] as const;

/** docs/product.md section 2: #privacy or #cookies shows only that policy; with no hash both show. */
export function TermsScreen() {
  const only = selectionOf(useHash());
  const email = useSupportEmail();

  // Each selection opens at the top of the page (the hash names a policy, not a scroll position).
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [only]);

  return (
    <div className="bg-ink-50">
      <section aria-labelledby="terms-title" className="border-b border-ink-200 bg-white">
        <div className="mx-auto max-w-4xl px-4 pt-14 pb-8 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Legal</p>
          <h1 id="terms-title" className="mt-2 text-3xl font-extrabold tracking-tight text-ink-950 sm:text-4xl">
            {only === 'privacy'
              ? 'Privacy Policy'
              : only === 'cookies'
                ? 'Cookie Policy'
                : 'Privacy and Cookie Policies'}
          </h1>
          <p className="mt-3 max-w-2xl text-ink-600">
            Plain-English policies for what Brickyard really does with your data and your browser. Questions go to our
            support mailbox at{' '}
            <a
              className="font-medium break-all text-brand-800 underline underline-offset-2"
              href={`mailto:${email}`}
              data-testid="privacy-contact"
            >
              {email}
            </a>
            .
          </p>
          <nav aria-label="Policies" className="mt-8 -mb-px flex gap-1 overflow-x-auto">
            {TABS.map((t) => {
              const active = t.only === only;
              const Icon = t.icon;
              return (
                <Link
                  key={t.to}
                  to={t.to}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'inline-flex shrink-0 items-center gap-2 rounded-t-lg border-b-2 px-3 py-2.5 sm:px-4 text-sm font-semibold whitespace-nowrap transition-colors',
                    active
                      ? 'border-brand-500 text-ink-950'
                      : 'border-transparent text-ink-600 hover:border-ink-300 hover:text-ink-950',
                  )}
                >
                  {Icon && <Icon className="hidden size-4 sm:block" aria-hidden="true" />}
                  <span>
                    {t.short}
                    {/* the full label stays the accessible name on narrow screens */}
                    <span className="max-sm:sr-only">{t.rest}</span>
                  </span>
                </Link>
              );
            })}
          </nav>
        </div>
      </section>
      <div className="mx-auto max-w-4xl space-y-8 px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        {only !== 'cookies' && <PrivacyPolicy email={email} />}
        {only !== 'privacy' && <CookiePolicy email={email} />}
      </div>
    </div>
  );
}
