import { Link } from 'react-router';
import {
  CalendarClock,
  Eye,
  Handshake,
  Inbox,
  PackagePlus,
  PoundSterling,
  Radio,
  Sparkles,
  Star,
  Target,
  Timer,
  TrendingUp,
  Trophy,
} from 'lucide-react';
import {
  BID_ASSIST_STATUS_LABELS,
  BID_ASSIST_STATUSES,
  PLANS,
  formatMoney,
  type DashboardSelection,
  type SupplierDashboard,
} from '@brickyard/shared';
import { CHART_COLORS, StatCard, TrendChart, UsageMeter, formatRate, FigureTable } from '@/components/charts';
import { DaysLeft } from '@/components/listing';
import { ButtonLink, PageSpinner } from '@/components/ui';
import { useSupplierDashboard } from '../api/get-supplier-dashboard';
import { paths } from '@/lib/paths';
import { Section, Updating, Failed, periodProps, responseTimeText, wholePounds } from './dashboard-sections';

/**
 * Views (in the chosen period, one per viewer per day) and matches (with tenders open now or
 * before) of the supplier's most matched items.
 */
function CatalogueFigures({ d, label }: { d: SupplierDashboard; label: string }) {
  return (
    <>
      <p className="mb-3 flex items-center gap-2 text-sm text-ink-600">
        <Eye className="size-4 shrink-0 text-ink-400" aria-hidden="true" />
        <span>
          <span className="font-semibold text-ink-900">{d.catalogueViews.toLocaleString('en-GB')}</span>{' '}
          {d.catalogueViews === 1 ? 'view' : 'views'} of your items, {label}
        </span>
      </p>
      <FigureTable
        className="table-fixed"
        caption="Views in the period and matches of each catalogue item"
        columns={[{ label: 'Item' }, { label: 'Views', className: 'w-14' }, { label: 'Matches', className: 'w-17' }]}
        rows={d.catalogue.slice(0, 8).map((c) => ({
          key: c.id,
          labelClassName: 'truncate pr-2',
          label: (
            <Link to={paths.supplier.catalogueItem(c.id)} className="text-ink-700 hover:underline" title={c.title}>
              {c.title}
            </Link>
          ),
          values: [
            c.views,
            <>
              {c.matches}
              {c.topScore !== null && <span className="sr-only">, top score {c.topScore}</span>}
            </>,
          ],
        }))}
      />
    </>
  );
}

export function SupplierDashboardView({ range }: { range: DashboardSelection }) {
  const q = useSupplierDashboard(range);
  if (q.isPending) return <PageSpinner />;
  if (q.isError) return <Failed error={q.error} onRetry={() => void q.refetch()} />;
  return <SupplierFigures d={q.data} />;
}

function SupplierFigures({ d }: { d: SupplierDashboard }) {
  const plan = d.usage.plan ? PLANS[d.usage.plan].name : 'No plan';
  const { label, ...periods } = periodProps(d);
  return (
    <div className="space-y-6">
      <Updating on={d.matchesUpdating} />
      <section aria-label="Headline figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Matches this month"
          value={d.matchesThisMonth}
          icon={Target}
          tone="brand"
          hint={`${d.matchesTotal} in total`}
        />
        <StatCard
          label="Deals won"
          value={d.deals.won}
          icon={Handshake}
          tone="success"
          hint={`${d.deals.active} active, ${d.deals.fulfilled} fulfilled`}
        />
        <StatCard label="Value won" value={wholePounds(d.deals.valuePence)} icon={PoundSterling} />
        <StatCard
          label="Win rate"
          value={formatRate(d.winRate.rate)}
          icon={TrendingUp}
          hint={`${d.winRate.numerator} won of ${d.winRate.denominator} pursued`}
        />
      </section>
      <section aria-label="Tender responses" className="grid gap-4 sm:grid-cols-3">
        <StatCard
          label="Responses submitted"
          value={d.tenderResponses.submitted}
          icon={Inbox}
          hint={`${d.tenderResponses.awarded} awarded, ${d.tenderResponses.unsuccessful} unsuccessful`}
        />
        <StatCard
          label="Response win rate"
          value={formatRate(d.tenderResponses.winRate.rate)}
          icon={Trophy}
          tone="success"
          hint={`${d.tenderResponses.winRate.numerator} won of ${d.tenderResponses.winRate.denominator} decided`}
        />
        <StatCard
          label="Average time to respond"
          value={responseTimeText(d.tenderResponses.averageResponseHours)}
          icon={Timer}
          hint="From a tender’s publication to your first submission"
        />
      </section>
      <div className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <div className="lg:col-span-2">
          <Section title="Matches and deals over time" id="supplier-trend">
            <TrendChart
              title={`New matches and deals won, ${label}`}
              yLabel="Count"
              data={d.trend}
              series={[
                { key: 'matches', label: 'New matches', color: CHART_COLORS.brand },
                { key: 'dealsWon', label: 'Deals won', color: CHART_COLORS.emerald },
              ]}
              heightClassName="h-56 lg:h-64"
              {...periods}
            />
          </Section>
        </div>
        <Section
          title={`Plan usage · ${plan}`}
          id="supplier-usage"
          action={
            <ButtonLink to={paths.supplier.settings.billing} variant="ghost" size="sm">
              Billing
            </ButtonLink>
          }
        >
          <div className="space-y-5">
            <UsageMeter label="Bid Assist this month" used={d.usage.bidAssist.used} limit={d.usage.bidAssist.limit} />
            <UsageMeter label="Uploads this month" used={d.usage.uploads.used} limit={d.usage.uploads.limit} />
            <p className="text-sm text-ink-600">
              Matches per listing:{' '}
              <span className="font-semibold text-ink-900">{d.usage.matchesPerItem ?? 'Unlimited'}</span>
            </p>
            <p className="text-sm text-ink-600">
              Live tender feed:{' '}
              <span className="font-semibold text-ink-900">
                {d.usage.liveFeed ? 'Included' : 'Growth plan and above'}
              </span>
            </p>
          </div>
        </Section>
      </div>
      <div className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <Section
          title="Item views and matches"
          id="supplier-catalogue"
          action={
            <ButtonLink to={paths.supplier.catalogue} variant="ghost" size="sm">
              Catalogue
            </ButtonLink>
          }
        >
          {d.catalogue.length ? (
            <CatalogueFigures d={d} label={label} />
          ) : (
            <div className="text-sm text-ink-500">
              <p>Add catalogue items to get matched with tenders.</p>
              <ButtonLink to={paths.supplier.addCatalogue()} size="sm" className="mt-3">
                <PackagePlus className="size-4" aria-hidden="true" /> Add to catalogue
              </ButtonLink>
            </div>
          )}
        </Section>
        <Section
          title="Favourites closing soon"
          id="supplier-favourites"
          action={
            <ButtonLink to={paths.supplier.liveFeed} variant="ghost" size="sm">
              Live Feed
            </ButtonLink>
          }
        >
          {d.favouritesClosingSoon.length ? (
            <ul className="divide-y divide-ink-100">
              {d.favouritesClosingSoon.map((f) => (
                <li key={f.id} className="py-2.5 first:pt-0 last:pb-0">
                  <Link
                    to={paths.supplier.externalTender(f.id)}
                    className="flex items-start gap-2 font-medium text-ink-900 hover:underline"
                  >
                    <Star className="mt-0.5 size-4 shrink-0 fill-brand-400 text-brand-500" aria-hidden="true" />
                    {f.title}
                  </Link>
                  <div className="mt-0.5 flex flex-wrap items-center gap-x-3 pl-6 text-xs text-ink-500">
                    <DaysLeft deadline={f.closesAt} />
                    {f.buyerName && <span>{f.buyerName}</span>}
                    {f.amountMinor !== null && <span>{formatMoney(f.amountMinor / 100, f.currency)}</span>}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="flex items-start gap-2 text-sm text-ink-500">
              <Radio className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              Star live-feed tenders to keep an eye on their closing dates here.
            </p>
          )}
        </Section>
        <Section
          title="Bid Assist"
          id="supplier-bid-assist"
          action={
            <ButtonLink to={paths.supplier.bidAssist} variant="ghost" size="sm">
              Open
            </ButtonLink>
          }
        >
          <ul className="space-y-2 text-sm">
            {BID_ASSIST_STATUSES.map((s) => (
              <li key={s} className="flex items-center justify-between">
                <span className="text-ink-600">{BID_ASSIST_STATUS_LABELS[s]}</span>
                <span className="font-semibold text-ink-900">{d.bidAssist[s]}</span>
              </li>
            ))}
          </ul>
          <ButtonLink to={paths.supplier.bidAssist} variant="secondary" size="sm" className="mt-4">
            <Sparkles className="size-4" aria-hidden="true" /> Ask for help with a bid
          </ButtonLink>
          <p className="mt-3 flex items-center gap-1.5 text-xs text-ink-500">
            <CalendarClock className="size-3.5" aria-hidden="true" /> Usage resets at the start of each month.
          </p>
        </Section>
      </div>
    </div>
  );
}
