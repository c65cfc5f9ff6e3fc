import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, CreditCard, Hourglass, Mail, PoundSterling, Radio, ShoppingCart, Truck } from 'lucide-react';
import { PLANS, PLAN_TYPES, type AdminDashboard, type DashboardSelection } from '@brickyard/shared';
import {
  BarList,
  CHART_COLORS,
  PeriodPicker,
  StatCard,
  TrendChart,
  describePeriod,
  formatBucket,
  formatBucketLong,
  FigureTable,
} from '@/components/charts';
import { DateText } from '@/components/listing';
import {
  Alert,
  Button,
  ButtonLink,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  PageHeader,
  PageSpinner,
} from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { formatPence } from '@/lib/format';
import { BidAssistQueue } from '../components/bid-assist-queue';
import { FailedJobs } from '../components/failed-jobs';
import { useAdminDashboard } from '../api/get-dashboard';
import { paths } from '@/lib/paths';

function hoursAgo(iso: string | null): string {
  if (!iso) return 'never';
  const h = Math.floor((Date.now() - new Date(iso).getTime()) / 3_600_000);
  if (h < 1) return 'less than an hour ago';
  if (h < 48) return `${h} hour${h === 1 ? '' : 's'} ago`;
  return `${Math.floor(h / 24)} days ago`;
}

export function AdminDashboardScreen() {
  const [range, setRange] = useState<DashboardSelection>({ range: '30d' });
  const q = useAdminDashboard(range);
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Accounts, approvals, subscriptions, the live feed and support across the marketplace."
        actions={
          <div className="flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row sm:items-start">
            <PeriodPicker value={range} onChange={setRange} />
            <ButtonLink to={paths.admin.users({ approved: false })} variant="dark" className="self-start">
              Review approvals
              <ArrowRight className="size-4" aria-hidden="true" />
            </ButtonLink>
          </div>
        }
      />
      {q.isPending ? (
        <PageSpinner />
      ) : q.isError ? (
        <Alert tone="danger" live title="We could not load the figures">
          {errorMessage(q.error)}{' '}
          <Button variant="link" onClick={() => void q.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Figures d={q.data} />
      )}
    </>
  );
}

function Figures({ d }: { d: AdminDashboard }) {
  const totalSubs = PLAN_TYPES.reduce((n, p) => n + d.activeSubscriptions[p], 0);
  const a = d.approvals;
  return (
    <div className="space-y-6">
      {a.overdue > 0 && (
        <Alert tone="warning" live title="Approvals are overdue">
          {a.overdue} {a.overdue === 1 ? 'account has' : 'accounts have'} waited longer than the {a.promiseHours} hours
          we promise; the oldest {a.oldestHours} hours.{' '}
          <Link to={paths.admin.users({ approved: false })} className="font-semibold underline">
            Review them now
          </Link>
          .
        </Alert>
      )}
      <section aria-label="Headline figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Buyers"
          value={d.usersByRole.buyer}
          icon={ShoppingCart}
          hint={`${d.usersByState.buyer.active} active`}
        />
        <StatCard
          label="Suppliers"
          value={d.usersByRole.supplier}
          icon={Truck}
          hint={`${d.usersByState.supplier.active} active`}
        />
        <Link to={paths.admin.users({ approved: false })} className="rounded-xl">
          <StatCard
            label="Awaiting approval"
            value={a.waiting}
            icon={Hourglass}
            tone={a.overdue > 0 ? 'warning' : 'neutral'}
            hint={
              a.oldestHours === null ? 'Nobody is waiting' : `Oldest ${a.oldestHours} h of ${a.promiseHours} h promised`
            }
          />
        </Link>
        <StatCard
          label="Monthly recurring revenue"
          value={formatPence(d.monthlyRecurringRevenuePence)}
          icon={PoundSterling}
          tone="brand"
          hint={`${totalSubs} active subscriptions, before VAT`}
        />
      </section>

      <Card>
        <CardHeader>
          <CardTitle>Trend</CardTitle>
        </CardHeader>
        <CardBody>
          <TrendChart
            title={`Sign-ups, new subscriptions, Bid Assist requests and contact messages, ${describePeriod(d.range, d.period)}`}
            yLabel="Count"
            data={d.trend}
            series={[
              { key: 'signups', label: 'Sign-ups', color: CHART_COLORS.brand },
              { key: 'subscriptions', label: 'Subscriptions', color: CHART_COLORS.emerald },
              { key: 'bidAssist', label: 'Bid Assist', color: CHART_COLORS.sky },
              { key: 'contactMessages', label: 'Contact messages', color: CHART_COLORS.inkLight },
            ]}
            formatPeriod={(p) => formatBucket(p, d.period.unit)}
            formatPeriodLong={(p) => formatBucketLong(p, d.period.unit)}
            heightClassName="h-60"
          />
        </CardBody>
      </Card>

      <div className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <Card>
          <CardHeader>
            <CardTitle>Users by state</CardTitle>
          </CardHeader>
          <CardBody>
            <FigureTable
              caption="Buyers and suppliers by access state"
              columns={[{ label: 'State' }, { label: 'Buyers' }, { label: 'Suppliers' }]}
              rows={(
                [
                  ['pendingApproval', 'Awaiting approval'],
                  ['noSubscription', 'Approved, no plan'],
                  ['active', 'Active'],
                ] as const
              ).map(([k, label]) => ({ key: k, label, values: [d.usersByState.buyer[k], d.usersByState.supplier[k]] }))}
            />
            <p className="mt-3 text-xs text-ink-500">
              {d.usersByRole.admin} admin{d.usersByRole.admin === 1 ? '' : 's'}.
            </p>
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Active subscriptions by plan</CardTitle>
          </CardHeader>
          <CardBody>
            <BarList
              label="Active subscriptions by plan"
              items={PLAN_TYPES.map((p) => ({ key: p, label: PLANS[p].name, value: d.activeSubscriptions[p] }))}
            />
            <p className="mt-4 flex items-center gap-2 text-sm text-ink-600">
              <CreditCard className="size-4 text-ink-400" aria-hidden="true" />
              {totalSubs} in total · MRR {formatPence(d.monthlyRecurringRevenuePence)}
            </p>
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Live feed</CardTitle>
          </CardHeader>
          <CardBody>
            <dl className="grid grid-cols-2 gap-4 text-sm">
              <div>
                <dt className="text-ink-500">Notices</dt>
                <dd className="mt-1 text-xl font-bold text-ink-900">{d.feed.total.toLocaleString('en-GB')}</dd>
              </div>
              <div>
                <dt className="text-ink-500">Open now</dt>
                <dd className="mt-1 text-xl font-bold text-ink-900">{d.feed.open.toLocaleString('en-GB')}</dd>
              </div>
              <div>
                <dt className="text-ink-500">Last import</dt>
                <dd className="mt-1 font-semibold text-ink-900">{hoursAgo(d.feed.lastImportAt)}</dd>
              </div>
              <div>
                <dt className="text-ink-500">New in 24 h</dt>
                <dd className="mt-1 font-semibold text-ink-900">{d.feed.importedLast24h.toLocaleString('en-GB')}</dd>
              </div>
            </dl>
            {d.feed.sources.length > 0 ? (
              <ul className="mt-4 space-y-2 border-t border-ink-100 pt-3 text-xs">
                {d.feed.sources.map((s) => (
                  <li key={s.source} className="flex items-start gap-2">
                    <Radio
                      className={
                        s.lastError
                          ? 'mt-0.5 size-3.5 text-red-600'
                          : s.lastSuccessAt
                            ? 'mt-0.5 size-3.5 text-emerald-600'
                            : 'mt-0.5 size-3.5 text-amber-600'
                      }
                      aria-hidden="true"
                    />
                    <span>
                      <span className="font-medium text-ink-800">{s.source}</span>: last success{' '}
                      {hoursAgo(s.lastSuccessAt)}, {s.releasesImported.toLocaleString('en-GB')} releases
                      {s.lastError && <span className="block text-red-700">Last error: {s.lastError}</span>}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-4 border-t border-ink-100 pt-3 text-xs text-ink-500">
                No scheduled connector has run; the feed holds the shipped OCDS snapshot.
              </p>
            )}
          </CardBody>
        </Card>
      </div>

      <div className="grid gap-6 xl:grid-cols-3 [&>*]:min-w-0">
        <div className="min-w-0 xl:col-span-2">
          <BidAssistQueue oldestOpenHours={d.bidAssistQueue.oldestOpenHours} />
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Contact-us messages</CardTitle>
            <span className="text-sm text-ink-500">{d.contactMessages} in total</span>
          </CardHeader>
          <CardBody>
            {d.recentContactMessages.length ? (
              <ul className="divide-y divide-ink-100">
                {d.recentContactMessages.map((m) => (
                  <li key={m.id} className="py-2.5 text-sm first:pt-0 last:pb-0">
                    <p className="font-medium text-ink-900">{m.title}</p>
                    <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-ink-500">
                      <span>{m.userName}</span>
                      <a href={`mailto:${m.userEmail}`} className="inline-flex items-center gap-1 hover:underline">
                        <Mail className="size-3" aria-hidden="true" />
                        {m.userEmail}
                      </a>
                      <DateText value={m.createdAt} />
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-ink-500">No messages yet. They also arrive in the support mailbox.</p>
            )}
          </CardBody>
        </Card>
      </div>

      <FailedJobs />
    </div>
  );
}
