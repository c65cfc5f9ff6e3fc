import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { ExternalLink, Menu, ShieldCheck, X } from 'lucide-react';
import { Logo } from '@/components/brand/logo';
import { buttonClasses } from '@/components/ui';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

const LINKS = [
  { label: 'Buyers', to: paths.buyerLanding() },
  { label: 'Suppliers', to: paths.supplierLanding() },
  { label: 'About Us', to: paths.about },
  { label: 'Articles', to: paths.articles },
];

// ---- SEO: title, description, canonical and Open Graph tags per public route ---------------------

interface PageMeta {
  title: string;
  description: string;
  /** not for search engines (e.g. the not-found page) */
  noindex?: boolean;
}

const SITE = 'Brickyard';
const PAGE_META: Record<string, PageMeta> = {
  '/': {
    title: 'Brickyard — the construction tender marketplace',
    description:
      'Brickyard connects construction buyers with suppliers who can deliver: publish tenders, list your catalogue, get ranked matches and follow a live feed of UK public-sector tenders.',
  },
  [paths.buyerLanding()]: {
    title: 'For buyers — publish tenders and get matched suppliers · Brickyard',
    description:
      'Publish a construction tender once and get ranked, verified suppliers matched on category, region, price, lead time and track record. Plans from £99 a month.',
  },
  [paths.supplierLanding()]: {
    title: 'For suppliers — win more construction work · Brickyard',
    description:
      'Put your catalogue in front of buyers who need it, see matching tenders, follow the live public-sector feed and get help with your bids. Plans from £99 a month.',
  },
  [paths.about]: {
    title: 'About Us — our mission, values and founders · Brickyard',
    description:
      'Brickyard is built by people who have bought, sold and delivered in construction. Read our mission, the values we work by and who founded the company.',
  },
  [paths.articles]: {
    title: 'Articles — construction procurement insights · Brickyard',
    description:
      'Guides and news on construction procurement, public-sector tendering and supply chains from the Brickyard team.',
  },
  [paths.terms()]: {
    title: 'Privacy and Cookie Policies · Brickyard',
    description:
      'How Brickyard collects, uses and protects your personal data, what we store in your browser, and your rights under UK GDPR.',
  },
  [paths.terms('privacy')]: {
    title: 'Privacy Policy · Brickyard',
    description: 'How Brickyard collects, uses, shares and keeps your personal data, and your rights under UK GDPR.',
  },
  [paths.terms('cookies')]: {
    title: 'Cookie Policy · Brickyard',
    description:
      'Brickyard sets no advertising or analytics cookies. This policy lists exactly what we keep in your browser and why.',
  },
};
const NOT_FOUND: PageMeta = {
  title: 'Page not found · Brickyard',
  description: 'The page you are looking for does not exist or has moved.',
  noindex: true,
};

function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

function setCanonical(href: string) {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.appendChild(el);
  }
  el.href = href;
}

/** Keeps <head> in step with the route, so shared links and search results describe the page. */
function usePageMeta() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const meta = PAGE_META[pathname + hash] ?? PAGE_META[pathname] ?? NOT_FOUND;
    const origin = window.location.origin;
    const url = origin + pathname + (PAGE_META[pathname + hash] && hash ? hash : '');
    document.title = meta.title;
    setMeta('name', 'description', meta.description);
    setMeta('name', 'robots', meta.noindex ? 'noindex' : 'index, follow');
    setMeta('property', 'og:site_name', SITE);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:locale', 'en_GB');
    setMeta('property', 'og:title', meta.title);
    setMeta('property', 'og:description', meta.description);
    setMeta('property', 'og:url', url);
    setMeta('property', 'og:image', `${origin}/og-image.jpg`);
    setMeta('property', 'og:image:width', '1200');
    setMeta('property', 'og:image:height', '630');
    setMeta('property', 'og:image:alt', 'Brickyard — the construction tender marketplace');
    setMeta('name', 'twitter:card', 'summary_large_image');
    setMeta('name', 'twitter:title', meta.title);
    setMeta('name', 'twitter:description', meta.description);
    setMeta('name', 'twitter:image', `${origin}/og-image.jpg`);
    setCanonical(origin + pathname);
  }, [pathname, hash]);
}

// ---- top navigation --------------------------------------------------------------------------------

function SkipLink() {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    // Move focus without touching the URL hash (/terms reads it).
    e.preventDefault();
    const main = document.getElementById('main');
    main?.focus();
    main?.scrollIntoView();
  };
  return (
    <a
      href="#main"
      onClick={onClick}
      className="sr-only z-50 rounded-lg bg-ink-900 px-4 py-3 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to main content
    </a>
  );
}

function TopNav() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  // A new page closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(true);
    };
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menuRef.current?.contains(t) && !toggleRef.current?.contains(t)) close(false);
    };
    const onResize = () => {
      if (window.matchMedia('(min-width: 768px)').matches) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('resize', onResize);
    };
  }, [open, close]);

  const linkCls = ({ isActive }: { isActive: boolean }) =>
    cn(
      'relative rounded-md px-3 py-2 text-sm font-medium transition-colors',
      isActive
        ? 'text-ink-950 after:absolute after:inset-x-3 after:-bottom-[13px] after:h-0.5 after:rounded-full after:bg-brand-500'
        : 'text-ink-600 hover:text-ink-950',
    );

  return (
    <header className="sticky top-0 z-40 border-b border-ink-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} className={linkCls}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <Link to={paths.login} className={buttonClasses('ghost', 'md')}>
            Sign in
          </Link>
          <Link to={paths.register()} className={buttonClasses('primary', 'md')}>
            Sign up
          </Link>
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="-mr-2 inline-flex size-11 items-center justify-center rounded-lg text-ink-800 hover:bg-ink-100 md:hidden"
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
        </button>
      </div>
      <div
        ref={menuRef}
        id="mobile-menu"
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-ink-200 bg-white px-4 pt-2 pb-5 shadow-pop md:hidden"
      >
        <nav aria-label="Mobile">
          <ul className="divide-y divide-ink-100">
            {LINKS.map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  onClick={() => setOpen(false)}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-lg px-3 py-3 text-base font-medium',
                      isActive ? 'bg-brand-50 text-ink-950' : 'text-ink-800 hover:bg-ink-50',
                    )
                  }
                >
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-4 grid grid-cols-2 gap-3">
            <Link to={paths.login} onClick={() => setOpen(false)} className={buttonClasses('secondary', 'lg')}>
              Sign in
            </Link>
            <Link to={paths.register()} onClick={() => setOpen(false)} className={buttonClasses('primary', 'lg')}>
              Sign up
            </Link>
          </div>
        </nav>
      </div>
    </header>
  );
}

// ---- footer ----------------------------------------------------------------------------------------

const footLink = 'rounded-sm text-ink-300 transition-colors hover:text-white';

function LegalLink({ hash, children }: { hash: 'privacy' | 'cookies'; children: string }) {
  return (
    <a
      className={cn(footLink, 'inline-flex items-center gap-1.5')}
      href={paths.terms(hash)}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
      <ExternalLink className="size-3.5" aria-hidden="true" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function Footer() {
  return (
    <footer className="bg-ink-950 text-ink-300" aria-labelledby="footer-title">
      <h2 id="footer-title" className="sr-only">
        Site footer
      </h2>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.6fr_1fr_1fr_1fr] lg:px-8">
        <div className="max-w-sm sm:col-span-2 lg:col-span-1">
          <Logo tone="light" />
          <p className="mt-4 text-sm leading-relaxed text-ink-300">
            The construction tender marketplace. Buyers publish tenders, suppliers list what they make, and we match the
            two — with a live feed of UK public-sector work on top.
          </p>
        </div>
        <nav aria-labelledby="footer-content">
          <h3 id="footer-content" className="text-sm font-semibold text-white">
            Content
          </h3>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <Link className={footLink} to={paths.buyerLanding()}>
                For buyers
              </Link>
            </li>
            <li>
              <Link className={footLink} to={paths.supplierLanding()}>
                For suppliers
              </Link>
            </li>
            <li>
              <Link className={footLink} to={paths.about}>
                About Us
              </Link>
            </li>
            <li>
              <Link className={footLink} to={paths.articles}>
                Articles
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-account">
          <h3 id="footer-account" className="text-sm font-semibold text-white">
            Account
          </h3>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <Link className={footLink} to={paths.register()}>
                Sign up
              </Link>
            </li>
            <li>
              <Link className={footLink} to={paths.login}>
                Sign in
              </Link>
            </li>
            <li>
              <Link className={footLink} to="/#pricing">
                Pricing
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h3 id="footer-legal" className="text-sm font-semibold text-white">
            Legal
          </h3>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <LegalLink hash="privacy">Privacy Policy</LegalLink>
            </li>
            <li>
              <LegalLink hash="cookies">Cookie Policy</LegalLink>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-ink-400 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-1">
            <span>© 2025 Brickyard. All rights reserved.</span>
            <span aria-hidden="true">·</span>
            <span className="inline-flex items-center gap-1.5">
              <ShieldCheck className="size-4 text-emerald-400" aria-hidden="true" />
              GDPR compliant
            </span>
          </p>
          <p>Made for the UK construction industry.</p>
        </div>
      </div>
    </footer>
  );
}

export function PublicLayout() {
  usePageMeta();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <TopNav />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
