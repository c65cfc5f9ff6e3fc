import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ArrowLeft, ExternalLink, FileSearch, Sparkles } from 'lucide-react';
import { formatCpv, formatMoney } from '@brickyard/shared';
import { DetailGrid, DetailItem, DetailSection, TagList } from '@/components/listing';
import { Alert, ButtonLink, EmptyState, PageHeader, PageSpinner, buttonClasses } from '@/components/ui';
import { useExternalTender } from '../api/get-external-tender';
import {
  ClosingDate,
  ORIGIN_LABELS,
  StatusBadge,
  dateOrDash,
  isPlanGated,
  logFeedFailure,
  methodLabel,
  noticeTypeLabel,
  orFallback,
} from '../components/display';
import { BuyerContact } from '../components/buyer-contact';
import { FavouriteButton } from '../components/favourite-button';
import { UpgradePrompt } from '../components/upgrade-prompt';
import { paths } from '@/lib/paths';

const FEED = paths.supplier.liveFeed;

/** External tender detail: /supplier/external-search/{id}, the sections of docs/product.md section 2. */
export function ExternalTenderDetailsScreen() {
  const { id } = useParams();
  const location = useLocation();
  const state = location.state as { back?: unknown } | null;
  const back = typeof state?.back === 'string' && state.back.startsWith(FEED) ? state.back : FEED;
  const query = useExternalTender(id);

  // docs/product.md section 8: a failed fetch is only logged.
  useEffect(() => {
    if (query.error) logFeedFailure('loading a tender', query.error);
  }, [query.error]);

  const backLink = (
    <Link
      to={back}
      className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-ink-600 hover:text-ink-900"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Live Feed
    </Link>
  );

  if (query.isPending && id) return <PageSpinner />;
  if (isPlanGated(query.error)) {
    return (
      <>
        {backLink}
        <PageHeader title="Tender details" />
        <UpgradePrompt />
      </>
    );
  }
  if (!query.data) {
    return (
      <>
        {backLink}
        <PageHeader title="Tender details" />
        <EmptyState
          icon={FileSearch}
          title="No tender to show"
          action={<ButtonLink to={back}>Back to Live Feed</ButtonLink>}
        />
      </>
    );
  }

  const t = query.data;
  const origin = ORIGIN_LABELS[t.origin];
  return (
    <>
      {backLink}
      <PageHeader
        eyebrow={t.buyerName ?? 'Public-sector tender'}
        title={t.title}
        actions={
          // one row beside the title on wider screens (the header's own action box wraps)
          <div className="flex flex-wrap gap-2 sm:flex-nowrap">
            <FavouriteButton tender={t} withText />
            {t.isOpen && (
              <ButtonLink
                to={paths.supplier.bidAssist}
                state={{ bidAssistTarget: { kind: 'external', id: t.id, title: t.title } }}
                variant="secondary"
              >
                <Sparkles className="size-4" aria-hidden="true" />
                Bid Assist
              </ButtonLink>
            )}
            {t.source ? (
              <a href={t.source} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary')}>
                <ExternalLink className="size-4" aria-hidden="true" />
                {t.origin === 'other' ? 'View the source notice' : `View on ${origin}`}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <span className="inline-flex h-10 items-center text-sm text-ink-500">Source link not provided</span>
            )}
          </div>
        }
      />

      <div className="grid gap-5 lg:grid-cols-3">
        <div className="min-w-0 space-y-5 lg:col-span-2">
          <DetailSection title="Basic Details">
            <DetailGrid>
              <DetailItem label="Title">{t.title}</DetailItem>
              <DetailItem label="Status">
                <StatusBadge status={t.status} />
              </DetailItem>
              <DetailItem label="Amount">
                <span className="font-semibold tabular-nums">{formatMoney(t.amount, t.currency)}</span>
              </DetailItem>
              <DetailItem label="Location">{orFallback(t.location)}</DetailItem>
              <DetailItem label="OCID">
                <span className="font-mono text-[0.8rem] break-all">{t.ocid}</span>
              </DetailItem>
              <DetailItem label="Tender ID">
                <span className="font-mono text-[0.8rem]">{orFallback(t.tenderId, 'N/A')}</span>
              </DetailItem>
            </DetailGrid>
          </DetailSection>

          <DetailSection title="Description">
            {/* notices paste long links: let them wrap instead of widening the page */}
            <p className="text-sm leading-relaxed whitespace-pre-line text-ink-800 [overflow-wrap:anywhere]">
              {orFallback(t.description, 'Not provided')}
            </p>
          </DetailSection>

          <DetailSection title="Tender Dates">
            {t.demoShiftDays !== null && (
              <Alert tone="info" title="Demo data" className="mb-4">
                This demo moved the dates of this real notice {t.demoShiftDays} days forward so it shows as open. Its
                real deadline has passed.
              </Alert>
            )}
            <DetailGrid>
              <DetailItem label="Tender start date">{dateOrDash(t.tenderStartDate)}</DetailItem>
              <DetailItem label="Tender end date">{t.tenderEndDate ? <ClosingDate tender={t} /> : '—'}</DetailItem>
              <DetailItem label="Award start date">{dateOrDash(t.awardStartDate)}</DetailItem>
              <DetailItem label="Award end date">{dateOrDash(t.awardEndDate)}</DetailItem>
              <DetailItem label="Date">{dateOrDash(t.date)}</DetailItem>
            </DetailGrid>
          </DetailSection>

          <DetailSection title="Procurement Details">
            <DetailGrid>
              <DetailItem label="Procurement method">{methodLabel(t.procurementMethod)}</DetailItem>
              <DetailItem label="Method details">{orFallback(t.procurementMethodDetails, 'N/A')}</DetailItem>
            </DetailGrid>
          </DetailSection>
        </div>

        <div className="min-w-0 space-y-5">
          <DetailSection title="Notice">
            <DetailGrid className="sm:grid-cols-1">
              <DetailItem label="Buyer">{orFallback(t.buyerName)}</DetailItem>
              <DetailItem label="Published on">{origin}</DetailItem>
              <DetailItem label="Notice type">{noticeTypeLabel(t.noticeType)}</DetailItem>
              {/* the whole row: a code with its label is long */}
              <DetailItem label="CPV codes" className="col-span-full">
                <TagList items={t.cpv.map(formatCpv)} />
              </DetailItem>
            </DetailGrid>
          </DetailSection>
          {t.buyerContact && <BuyerContact tender={t} contact={t.buyerContact} />}
        </div>
      </div>
    </>
  );
}
