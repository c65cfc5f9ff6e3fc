import { useState } from 'react';
import { Link } from 'react-router';
import {
  Activity,
  ArrowRight,
  Award,
  CalendarClock,
  ClipboardList,
  Eye,
  FilePlus2,
  Handshake,
  Inbox,
  MessageSquare,
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
  TENDER_STATUSES,
  formatMoney,
  type BuyerDashboard,
  type DashboardSelection,
  type SupplierDashboard,
} from '@brickyard/shared';
import {
  BarList,
  CHART_COLORS,
  PeriodPicker,
  StatCard,
  TrendChart,
  UsageMeter,
  describePeriod,
  formatBucket,
  formatBucketLong,
  formatRate,
  FigureTable,
} from '@/components/charts';
import { DateText, DaysLeft, Money, TENDER_STATUS_LABELS, formatMoneyPence } from '@/components/listing';
import {
  Alert,
  Button,
  ButtonLink,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  EmptyState,
  PageHeader,
  PageSpinner,
  Spinner,
} from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useBuyerDashboard } from '../api/get-buyer-dashboard';
import { useSupplierDashboard } from '../api/get-supplier-dashboard';
import { paths } from '@/lib/paths';

/** Headline money in whole pounds (the exact figure is in the deals screen). */
/** An average response time: hours under two days, days beyond. */
const responseTimeText = (hours: number | null) =>
  hours === null
    ? '—'
    : hours < 48
      ? `${hours.toLocaleString('en-GB', { maximumFractionDigits: 1 })} h`
      : `${(hours / 24).toLocaleString('en-GB', { maximumFractionDigits: 1 })} days`;
const wholePounds = (p: number) => formatMoneyPence(Math.round(p / 100) * 100);
const compactPence = (p: number) =>
  p >= 100_000_000
    ? `£${(p / 100_000_000).toFixed(1)}m`
    : p >= 100_000
      ? `£${Math.round(p / 100_000)}k`
      : formatMoneyPence(p);

function Section({
  title,
  id,
  children,
  action,
}: {
  title: string;
  id: string;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <Card className="h-full">
      <CardHeader className="flex-nowrap! items-center">
        <CardTitle id={id} className="min-w-0">
          {title}
        </CardTitle>
        {action}
      </CardHeader>
      <CardBody>{children}</CardBody>
    </Card>
  );
}

function Header({
  role,
  range,
  onRange,
}: {
  role: 'buyer' | 'supplier';
  range: DashboardSelection;
  onRange: (r: DashboardSelection) => void;
}) {
  const session = useSession();
  const first = session?.user.name.split(' ')[0] ?? '';
  return (
    <PageHeader
      title="Dashboard"
      eyebrow={first ? `Welcome back, ${first}` : undefined}
      description={
        role === 'buyer'
          ? 'Your tenders, matches, conversations and deals at a glance.'
          : 'Your catalogue, matches, live opportunities and deals at a glance.'
      }
      actions={<PeriodPicker value={range} onChange={onRange} />}
    />
  );
}

function Updating({ on }: { on: boolean }) {
  return on ? (
    <div className="mb-4 flex items-center gap-2 text-sm text-ink-500">
      <Spinner label="Updating your matches" />
      <span aria-hidden="true">Updating your matches…</span>
    </div>
  ) : null;
}

function Failed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert tone="danger" live title="We could not load your dashboard">
      {errorMessage(error)}{' '}
      <Button variant="link" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

export function DashboardScreen({ role }: { role: 'buyer' | 'supplier' }) {
  const [range, setRange] = useState<DashboardSelection>({ range: '30d' });
  return (
    <>
      <Header role={role} range={range} onRange={setRange} />
      {role === 'buyer' ? <BuyerDashboardView range={range} /> : <SupplierDashboardView range={range} />}
    </>
  );
}

// ------------------------------------------------------------------ buyer

function BuyerDashboardView({ range }: { range: DashboardSelection }) {
  const q = useBuyerDashboard(range);
  if (q.isPending) return <PageSpinner />;
  if (q.isError) return <Failed error={q.error} onRetry={() => void q.refetch()} />;
  const d = q.data;
  if (d.totalTenders === 0) {
    return (
      <EmptyState
        icon={FilePlus2}
        title="No tenders yet"
        description="Publish your first tender to see matches, responses and deals here."
        action={
          <ButtonLink to={paths.buyer.createTender}>
            Create tender <ArrowRight className="size-4" aria-hidden="true" />
          </ButtonLink>
        }
      />
    );
  }
  return <BuyerFigures d={d} />;
}

/** The trend chart's period labels and description, from the answer (presets and custom alike). */
function periodProps(d: Pick<BuyerDashboard, 'range' | 'period'>) {
  return {
    formatPeriod: (p: string) => formatBucket(p, d.period.unit),
    formatPeriodLong: (p: string) => formatBucketLong(p, d.period.unit),
    label: describePeriod(d.range, d.period),
  };
}

function BuyerFigures({ d }: { d: BuyerDashboard }) {
  const open = d.tendersByStatus.active;
  const { label, ...periods } = periodProps(d);
  return (
    <div className="space-y-6">
      <Updating on={d.matchesUpdating} />
      <section aria-label="Headline figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Open tenders"
          value={open}
          icon={ClipboardList}
          tone="brand"
          hint={`${d.totalTenders} in total`}
        />
        <StatCard
          label="Budget open"
          value={wholePounds(d.openBudgetPence)}
          icon={PoundSterling}
          hint="Across active tenders"
        />
        <StatCard
          label="Response rate"
          value={formatRate(d.responseRate.rate)}
          icon={MessageSquare}
          hint={`${d.responseRate.numerator} of ${d.responseRate.denominator} published tenders`}
        />
        <StatCard
          label="Award rate"
          value={formatRate(d.awardRate.rate)}
          icon={Award}
          tone="success"
          hint={`${d.awardRate.numerator} of ${d.awardRate.denominator} awarded`}
        />
      </section>
      <section aria-label="Tender responses" className="grid gap-4 sm:grid-cols-3">
        <StatCard
          label="Responses received"
          value={d.tenderResponses.received}
          icon={Inbox}
          hint={`On ${d.tenderResponses.tendersWithResponses} ${d.tenderResponses.tendersWithResponses === 1 ? 'tender' : 'tenders'}`}
        />
        <StatCard
          label="Awarded from responses"
          value={formatRate(d.tenderResponses.awardRate.rate)}
          icon={Trophy}
          hint={`${d.tenderResponses.awardRate.numerator} of ${d.tenderResponses.awardRate.denominator} tenders with responses`}
        />
        <StatCard
          label="Average time to respond"
          value={responseTimeText(d.tenderResponses.averageResponseHours)}
          icon={Timer}
          hint="From publication to a supplier’s first submission"
        />
      </section>
      <div className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <div className="lg:col-span-2">
          <Section title="Activity over time" id="buyer-trend">
            <TrendChart
              title={`Tenders published and conversations started, ${label}`}
              yLabel="Count"
              data={d.trend}
              series={[
                { key: 'tendersPublished', label: 'Tenders published', color: CHART_COLORS.brand },
                { key: 'conversations', label: 'Conversations started', color: CHART_COLORS.ink },
              ]}
              heightClassName="h-56 lg:h-80"
              {...periods}
            />
          </Section>
        </div>
        <Section
          title="Deals"
          id="buyer-deals"
          action={
            <ButtonLink to={paths.buyer.deals} variant="ghost" size="sm">
              View deals
            </ButtonLink>
          }
        >
          <dl className="grid grid-cols-2 gap-4">
            <div>
              <dt className="text-sm text-ink-500">Deals agreed</dt>
              <dd className="mt-1 text-2xl font-bold text-ink-900">{d.deals.count}</dd>
            </div>
            <div>
              <dt className="text-sm text-ink-500">Value</dt>
              <dd className="mt-1 text-xl font-bold break-words text-ink-900">{wholePounds(d.deals.valuePence)}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-sm text-ink-500">Of which fulfilled</dt>
              <dd className="mt-1 font-semibold text-ink-900">
                <Money pence={d.deals.fulfilledValuePence} />
              </dd>
            </div>
          </dl>
          <div className="mt-6">
            <TrendChart
              title={`Deal value, ${label}`}
              yLabel="Value"
              data={d.trend}
              series={[{ key: 'dealsValuePence', label: 'Deal value', color: CHART_COLORS.emeraldLight }]}
              formatValue={compactPence}
              heightClassName="h-44"
              {...periods}
            />
          </div>
        </Section>
      </div>
      <div className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <Section title="Tenders by status" id="buyer-status">
          <BarList
            label="Tenders by status"
            items={TENDER_STATUSES.filter((s) => d.tendersByStatus[s] > 0).map((s) => ({
              key: s,
              label: TENDER_STATUS_LABELS[s],
              value: d.tendersByStatus[s],
            }))}
          />
        </Section>
        <Section
          title="Matches per tender"
          id="buyer-matches"
          action={
            d.averageMatchesPerTender !== null ? (
              <span className="text-sm text-ink-500">Average {d.averageMatchesPerTender}</span>
            ) : undefined
          }
        >
          {d.matchesPerTender.length ? (
            <BarList
              label="Matches per tender"
              items={d.matchesPerTender.map((m) => ({
                key: m.id,
                label: (
                  <Link to={paths.buyer.tender(m.id)} className="hover:underline">
                    {m.title}
                  </Link>
                ),
                value: m.matches,
                hint: m.topScore !== null ? `· top ${m.topScore}` : undefined,
              }))}
            />
          ) : (
            <p className="text-sm text-ink-500">Publish a tender to get matched with suppliers.</p>
          )}
        </Section>
        <Section title="Closing soon" id="buyer-closing">
          {d.closingSoon.length ? (
            <ul className="divide-y divide-ink-100">
              {d.closingSoon.map((c) => (
                <li key={c.id} className="py-2.5 first:pt-0 last:pb-0">
                  <Link to={paths.buyer.tender(c.id)} className="font-medium text-ink-900 hover:underline">
                    {c.title}
                  </Link>
                  <div className="mt-0.5 flex flex-wrap items-center gap-x-3 text-xs text-ink-500">
                    <DaysLeft deadline={c.deadline} />
                    <span>
                      <Money pence={c.budgetPence} missing="No budget" />
                    </span>
                    <span>
                      {c.matches} {c.matches === 1 ? 'match' : 'matches'}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-ink-500">No open tender closes soon.</p>
          )}
        </Section>
      </div>
      <Section title="Recent activity" id="buyer-activity">
        {d.recentActivity.length ? (
          <ul className="divide-y divide-ink-100">
            {d.recentActivity.map((a) => (
              <li
                key={a.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2.5 first:pt-0 last:pb-0 text-sm"
              >
                <span className="min-w-0">
                  <Activity className="mr-2 inline size-4 text-ink-400" aria-hidden="true" />
                  <span className="font-medium text-ink-900">{actionText(a.action)}</span>{' '}
                  <Link
                    to={paths.buyer.tender(a.tenderId)}
                    className="text-ink-700 underline decoration-ink-300 underline-offset-2 hover:decoration-ink-700"
                  >
                    {a.tenderTitle ?? 'a deleted tender'}
                  </Link>
                  {a.actorName && <span className="text-ink-500"> by {a.actorName}</span>}
                </span>
                <DateText value={a.createdAt} className="text-xs text-ink-500" />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-500">Nothing has happened on your tenders yet.</p>
        )}
      </Section>
    </div>
  );
}

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

function actionText(action: string): string {
  const s = action.replace(/[._-]+/g, ' ').trim();
  return s ? s[0]!.toUpperCase() + s.slice(1) : 'Changed';
}

// ------------------------------------------------------------------ supplier

function SupplierDashboardView({ range }: { range: DashboardSelection }) {
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
