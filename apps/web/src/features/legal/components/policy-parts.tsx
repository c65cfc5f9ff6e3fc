import type { MouseEvent, ReactNode } from 'react';

export const LAST_UPDATED = { iso: '2025-06-01', label: '1 June 2025' };

export function PolicySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-10 scroll-mt-24 first:mt-0">
      <h3 id={`${id}-title`} className="text-lg font-semibold text-ink-950">
        {title}
      </h3>
      <div className="mt-3 space-y-3 leading-relaxed text-ink-700 [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5">
        {children}
      </div>
    </section>
  );
}

/**
 * A policy's contents. The links scroll without changing the URL hash, because the hash of
 * /terms chooses which policy is shown (docs/product.md section 2).
 */
export function Contents({ label, items }: { label: string; items: { id: string; title: string }[] }) {
  const go = (e: MouseEvent<HTMLAnchorElement>, id: string) => {
    e.preventDefault();
    const el = document.getElementById(id);
    el?.scrollIntoView({ block: 'start' });
    el?.querySelector<HTMLElement>('h3')?.setAttribute('tabindex', '-1');
    el?.querySelector<HTMLElement>('h3')?.focus({ preventScroll: true });
  };
  return (
    <nav aria-label={label} className="mt-6 rounded-xl bg-ink-50 p-5 ring-1 ring-ink-200">
      <h3 className="text-sm font-semibold text-ink-950">Contents</h3>
      <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 pl-5 text-sm sm:grid-cols-2">
        {items.map((i) => (
          <li key={i.id} className="text-ink-600">
            <a
              href={`#${i.id}`}
              onClick={(e) => go(e, i.id)}
              className="text-ink-800 underline decoration-ink-300 underline-offset-2 hover:text-brand-800 hover:decoration-brand-500"
            >
              {i.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function PolicyTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    // Scrolls sideways on narrow screens; focusable so keyboard users can scroll it too.
    <div className="-mx-1 overflow-x-auto px-1" role="region" aria-label={caption} tabIndex={0}>
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b-2 border-ink-200">
            {head.map((h) => (
              <th key={h} scope="col" className="py-2 pr-4 font-semibold text-ink-950">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-b border-ink-100 align-top">
              {r.map((c, j) =>
                j === 0 ? (
                  <th key={j} scope="row" className="py-2.5 pr-4 font-medium text-ink-900">
                    {c}
                  </th>
                ) : (
                  <td key={j} className="py-2.5 pr-4 text-ink-700">
                    {c}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function MailLink({ email }: { email: string }) {
  return (
    <a
      className="font-medium break-all text-brand-800 underline underline-offset-2 hover:text-brand-900"
      href={`mailto:${email}`}
    >
      {email}
    </a>
  );
}
