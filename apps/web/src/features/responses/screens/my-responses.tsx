import { useState } from 'react';
import { Link } from 'react-router';
import { FileSignature } from 'lucide-react';
import { formatPence } from '@brickyard/shared';
import { DateText, DaysLeft, Pagination } from '@/components/listing';
import { Alert, EmptyState, PageHeader, PageSpinner, TBody, TD, TH, THead, TR, Table } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { useMyResponses } from '../api/list-my-responses';
import { ResponseStatusBadge } from '../components/response-status';
import { paths } from '@/lib/paths';

/** /supplier/responses: every response of the supplier with its status. */
export function MyResponsesScreen() {
  const [page, setPage] = useState(1);
  const list = useMyResponses(page);
  return (
    <>
      <PageHeader
        title="My responses"
        description="Your bids on buyers’ tenders: drafts, submitted, shortlisted, awarded, unsuccessful and withdrawn."
      />
      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <Alert tone="danger">{errorMessage(list.error, 'Your responses could not be loaded.')}</Alert>
      ) : list.data.data.length === 0 ? (
        <EmptyState
          icon={FileSignature}
          title="No responses yet"
          description="Open a tender from Connect or your dashboard and submit a response."
        />
      ) : (
        <>
          <Table aria-label="My responses">
            <THead>
              <TR>
                <TH>Tender</TH>
                <TH>Status</TH>
                <TH className="text-right">Total</TH>
                <TH className="hidden sm:table-cell">Deadline</TH>
                <TH className="hidden md:table-cell">Updated</TH>
              </TR>
            </THead>
            <TBody>
              {list.data.data.map((r) => (
                <TR key={r.id}>
                  <TD className="min-w-56">
                    <Link
                      to={paths.supplier.tender(r.tenderId)}
                      className="font-medium text-ink-900 hover:text-brand-700 hover:underline"
                    >
                      {r.tenderTitle}
                    </Link>
                    {r.status === 'unsuccessful' && r.feedback && (
                      <span className="block text-xs text-ink-500">
                        Ranked {r.feedback.rank} of {r.feedback.of}
                      </span>
                    )}
                  </TD>
                  <TD>
                    <ResponseStatusBadge status={r.status} />
                  </TD>
                  <TD className="text-right tabular-nums">{formatPence(r.totalPence)}</TD>
                  <TD className="hidden whitespace-nowrap sm:table-cell">
                    <DateText value={r.tenderDeadline} />
                    {r.tenderDeadline && ['draft', 'submitted'].includes(r.status) && (
                      <DaysLeft deadline={r.tenderDeadline} className="ml-2" />
                    )}
                  </TD>
                  <TD className="hidden whitespace-nowrap md:table-cell">
                    <DateText value={r.updatedAt} />
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
          <div className="mt-4">
            <Pagination
              page={page}
              pageSize={list.data.meta.pageSize}
              total={list.data.meta.total}
              onPage={setPage}
              noun="responses"
            />
          </div>
        </>
      )}
    </>
  );
}
