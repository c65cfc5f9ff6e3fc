import { useState } from 'react';
import { FileDown, Inbox, Lock } from 'lucide-react';
import {
  COMPARE_SORT_LABELS,
  COMPARE_SORTS,
  formatPence,
  sortResponses,
  type CompareSort,
  type Tender,
  type TenderResponse,
} from '@brickyard/shared';
import { ConfirmDialog, DateText } from '@/components/listing';
import { Alert, Button, Checkbox, EmptyState, SelectField, Spinner, TextareaField } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/toast';
import { useAwardResponse } from '../api/award-response';
import { exportCompare } from '../api/export-compare';
import { useTenderResponses } from '../api/list-tender-responses';
import { CompareTable } from '../components/compare-table';

/** The buyer's Responses tab: sealed until the deadline (unless open), then compare side by side, shortlist, export, award. */
export function BuyerResponsesPanel({ tender }: { tender: Tender }) {
  const list = useTenderResponses(tender.id);
  const award = useAwardResponse();
  const [onlyShortlisted, setOnlyShortlisted] = useState(false);
  const [sort, setSort] = useState<CompareSort>('total');
  const [exporting, setExporting] = useState<'pdf' | 'csv' | null>(null);
  const [awarding, setAwarding] = useState<TenderResponse | null>(null);
  const [terms, setTerms] = useState('');

  if (list.isPending) return <Spinner className="text-ink-400" />;
  if (list.isError)
    return <Alert tone="danger">{errorMessage(list.error, 'The responses could not be loaded.')}</Alert>;
  const { data, meta } = list.data;

  if (meta.sealed) {
    return (
      <EmptyState
        icon={Lock}
        title={`${meta.total} ${meta.total === 1 ? 'response' : 'responses'} received — sealed`}
        description={
          <>
            This tender is sealed: responses open after the deadline
            {meta.deadline && (
              <>
                {' '}
                (<DateText value={meta.deadline} />)
              </>
            )}
            , so every supplier is judged on the same footing.
          </>
        }
      />
    );
  }
  if (data.length === 0)
    return <EmptyState icon={Inbox} title="No responses yet" description="Suppliers’ responses will appear here." />;

  const rows = sortResponses(
    onlyShortlisted ? data.filter((r) => r.status === 'shortlisted' || r.status === 'awarded') : data,
    sort,
  );
  const canAward = tender.status === 'active';
  const download = async (format: 'pdf' | 'csv') => {
    setExporting(format);
    await exportCompare(tender.id, format, sort, onlyShortlisted);
    setExporting(null);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm text-ink-600">
          {meta.total} {meta.total === 1 ? 'response' : 'responses'}.{' '}
          {meta.responseMode === 'open' ? 'Open tender: responses show as they arrive.' : 'Opened after the deadline.'}
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label="Sort by"
            fieldClassName="w-48"
            value={sort}
            onChange={(e) => setSort(e.target.value as CompareSort)}
          >
            {COMPARE_SORTS.map((k) => (
              <option key={k} value={k}>
                {COMPARE_SORT_LABELS[k]}
              </option>
            ))}
          </SelectField>
          <Checkbox
            id="only-shortlisted"
            label="Shortlisted only"
            checked={onlyShortlisted}
            onChange={(e) => setOnlyShortlisted(e.target.checked)}
          />
          <Button
            size="sm"
            variant="secondary"
            loading={exporting === 'csv'}
            leftIcon={<FileDown className="size-4" aria-hidden="true" />}
            onClick={() => void download('csv')}
          >
            Export CSV
          </Button>
          <Button
            size="sm"
            variant="secondary"
            loading={exporting === 'pdf'}
            leftIcon={<FileDown className="size-4" aria-hidden="true" />}
            onClick={() => void download('pdf')}
          >
            Export PDF
          </Button>
        </div>
      </div>

      <CompareTable
        tender={tender}
        rows={rows}
        canAward={canAward}
        onAward={(r) => {
          setTerms('');
          setAwarding(r);
        }}
      />

      <ConfirmDialog
        open={!!awarding}
        title={awarding ? `Award this tender to ${awarding.supplier.companyName}?` : 'Award'}
        description={
          awarding
            ? `A contract for ${formatPence(awarding.totalPence)} is proposed to the supplier (they accept it in Deals). Every other bidder is told the outcome, their price rank and the requirements they missed.`
            : undefined
        }
        confirmLabel="Award and propose the contract"
        tone="primary"
        busy={award.isPending}
        onClose={() => setAwarding(null)}
        onConfirm={() =>
          awarding &&
          award.mutate(
            { id: awarding.id, terms: terms.trim() || undefined },
            {
              onSuccess: () => {
                setAwarding(null);
                notify.success('Tender awarded: the contract proposal is in Deals');
              },
              onError: (err) => {
                setAwarding(null);
                notify.error(errorMessage(err, 'We could not award the tender.'));
              },
            },
          )
        }
      >
        <TextareaField
          label="Contract terms"
          optional
          rows={3}
          value={terms}
          onChange={(e) => setTerms(e.target.value)}
        />
      </ConfirmDialog>
    </div>
  );
}
