import { Link } from 'react-router';
import {
  Activity,
  ArrowRight,
  Award,
  ClipboardList,
  FilePlus2,
  Inbox,
  MessageSquare,
  PoundSterling,
  Timer,
  Trophy,
} from 'lucide-react';
import { TENDER_STATUSES, type BuyerDashboard, type DashboardSelection } from '@brickyard/shared';
import { BarList, CHART_COLORS, StatCard, TrendChart, formatRate } from '@/components/charts';
import { DateText, DaysLeft, Money, TENDER_STATUS_LABELS } from '@/components/listing';
import { ButtonLink, EmptyState, PageSpinner } from '@/components/ui';
import { useBuyerDashboard } from '../api/get-buyer-dashboard';
import { paths } from '@/lib/paths';
import {
  Section,
  Updating,
  Failed,
  periodProps,
  responseTimeText,
  wholePounds,
  compactPence,
} from './dashboard-sections';

export function BuyerDashboardView({ range }: { range: DashboardSelection }) {
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

function actionText(action: string): string {
  const s = action.replace(/[._-]+/g, ' ').trim();
  return s ? s[0]!.toUpperCase() + s.slice(1) : 'Changed';
}
