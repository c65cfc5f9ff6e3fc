import { ArrowRight, Newspaper } from 'lucide-react';
import { ButtonLink } from '@/components/ui';
import { formatPostedDate } from '@/lib/format';
import { ARTICLES } from '../content/articles';
import { paths } from '@/lib/paths';

/** docs/product.md section 2: the article list, empty today, with a proper empty state. */
export function ArticlesScreen() {
  return (
    <>
      <section aria-labelledby="articles-title" className="border-b border-ink-200 bg-ink-50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Insights</p>
          <h1 id="articles-title" className="mt-2 text-4xl font-extrabold tracking-tight text-ink-950 sm:text-5xl">
            Articles
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-600">
            Guides and news on construction procurement, public-sector tendering and supply chains, from the Brickyard
            team.
          </p>
        </div>
      </section>
      <section aria-label="Article list" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-16 lg:px-8">
        {ARTICLES.length === 0 ? (
          <div className="flex flex-col items-center rounded-3xl border border-dashed border-ink-300 bg-white px-6 py-16 text-center sm:px-12">
            <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-200">
              <Newspaper className="size-7" aria-hidden="true" />
            </span>
            <h2 className="mt-6 text-2xl font-bold tracking-tight text-ink-950">No articles yet</h2>
            <p className="mt-3 max-w-lg text-ink-600">
              The fastest way to see how Brickyard works is the product tour on our buyer and supplier pages.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ButtonLink to={paths.buyerLanding()} variant="dark">
                Brickyard for buyers
                <ArrowRight className="size-4" aria-hidden="true" />
              </ButtonLink>
              <ButtonLink to={paths.supplierLanding()} variant="secondary">
                Brickyard for suppliers
              </ButtonLink>
            </div>
          </div>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {ARTICLES.map((a) => (
              <li key={a.slug}>
                <article className="flex h-full flex-col rounded-2xl border border-ink-200 bg-white p-6 shadow-card">
                  <p className="text-xs font-semibold tracking-wider text-brand-700 uppercase">{a.topic}</p>
                  <h2 className="mt-2 text-lg font-semibold text-ink-950">{a.title}</h2>
                  <p className="mt-2 flex-1 text-sm text-ink-600">{a.summary}</p>
                  <p className="mt-4 text-xs text-ink-600">
                    <time dateTime={a.publishedAt}>{formatPostedDate(a.publishedAt)}</time> · {a.readingMinutes} min
                    read
                  </p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
