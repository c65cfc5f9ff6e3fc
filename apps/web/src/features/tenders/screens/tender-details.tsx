import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, CheckCircle2, FileDown, MessageSquare, Pencil, Send, Trash2 } from 'lucide-react';
import {
  COMPLETABLE_STATUSES,
  FINAL_TENDER_STATUSES,
  auditActionLabel,
  categoryName,
  regionName,
  subcategoryName,
  type AuditEvent,
  type Tender,
} from '@brickyard/shared';
import { TenderAwardAction } from '@/components/deals';
import { FileList } from '@/components/files';
import { MatchesPanel } from '@/components/matching';
import {
  ConfirmDialog,
  DateText,
  DaysLeft,
  DetailGrid,
  DetailItem,
  DetailSection,
  Money,
  TagList,
  TenderStatusBadge,
  leadTimeText,
} from '@/components/listing';
import { Button, ButtonLink, PageSpinner, Spinner, Tabs } from '@/components/ui';
import { errorMessage, isApiError } from '@/lib/api';
import { formatUkDateTime } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useCompleteTender } from '../api/complete-tender';
import { useDeleteTender } from '../api/delete-tender';
import { useTender } from '../api/get-tender';
import { exportTenderAudit, useTenderAudit } from '../api/get-tender-audit';
import { useUpdateTender } from '../api/update-tender';
import { paths } from '@/lib/paths';

const yesNo = (v: boolean | null) => (v === null ? 'Not specified' : v ? 'Yes' : 'No');
const orNot = (v: string | null) => v || 'Not specified';

/** Long values (a description) shortened on screen; the export has them whole. */
const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

function Activity({ events }: { events: AuditEvent[] }) {
  if (!events.length) return <p className="text-sm text-ink-500">No activity yet.</p>;
  return (
    <ol className="space-y-4">
      {[...events].reverse().map((e) => {
        return (
          <li key={e.id} className="relative border-l-2 border-ink-200 pl-4">
            <span className="absolute top-1.5 -left-[5px] size-2 rounded-full bg-brand-500" aria-hidden="true" />
            <p className="text-sm font-medium text-ink-900">
              {auditActionLabel(e.action)}
              <span className="font-normal text-ink-500">
                {' '}
                by {e.actor.name} · {formatUkDateTime(e.createdAt)}
              </span>
            </p>
            {e.lines.length > 0 && e.action !== 'created' && (
              <ul className="mt-1 space-y-0.5 text-xs text-ink-600">
                {e.lines.slice(0, 6).map((line) => (
                  <li key={line.field} className="break-words">
                    {line.label}: {clip(line.from)} → {clip(line.to)}
                  </li>
                ))}
                {e.lines.length > 6 && <li>and {e.lines.length - 6} more</li>}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** The sections both readers see. */
function TenderBody({ t }: { t: Tender }) {
  return (
    <div className="space-y-5">
      <DetailSection title="Key Information">
        <DetailGrid className="grid-cols-2 lg:grid-cols-3">
          <DetailItem label="Budget">
            <Money pence={t.budgetPence} className="font-semibold" />
          </DetailItem>
          <DetailItem label="Quantity">{t.quantity ?? 'Not specified'}</DetailItem>
          <DetailItem label="Lead time">{leadTimeText(t.leadTime)}</DetailItem>
          <DetailItem label="Region">{regionName(t.region)}</DetailItem>
          <DetailItem label="Closing date">
            <DateText value={t.deadline} />
            {t.deadline && t.status === 'active' && <DaysLeft deadline={t.deadline} className="ml-2" />}
          </DetailItem>
          <DetailItem label="Posted on">
            <DateText value={t.createdAt} />
          </DetailItem>
        </DetailGrid>
      </DetailSection>

      <DetailSection title="Category & Requirements">
        <DetailGrid>
          <DetailItem label="Category">{categoryName(t.category)}</DetailItem>
          <DetailItem label="Subcategories">
            <TagList items={t.subcategories.map((s) => subcategoryName(t.category, s))} />
          </DetailItem>
          <DetailItem label="Required certifications">
            <TagList items={t.requiredCertifications} />
          </DetailItem>
          <DetailItem label="Quality standards">
            <TagList items={t.qualityStandards} />
          </DetailItem>
        </DetailGrid>
      </DetailSection>

      <DetailSection title="Description">
        <p className="text-sm leading-relaxed whitespace-pre-line text-ink-800">{t.description}</p>
      </DetailSection>

      {t.specifications && (
        <DetailSection title="Specifications">
          <p className="text-sm leading-relaxed whitespace-pre-line text-ink-800">{t.specifications}</p>
        </DetailSection>
      )}

      <DetailSection title="Additional Requirements">
        <DetailGrid className="lg:grid-cols-3">
          <DetailItem label="Payment terms">{orNot(t.paymentTerms)}</DetailItem>
          <DetailItem label="Insurance">{orNot(t.insurance)}</DetailItem>
          <DetailItem label="Supplier type">{orNot(t.supplierType)}</DetailItem>
          <DetailItem label="Warranty required">{yesNo(t.warrantyRequirement)}</DetailItem>
          <DetailItem label="Rebate">{yesNo(t.rebate)}</DetailItem>
        </DetailGrid>
      </DetailSection>

      <DetailSection title="Attachments">
        <FileList label="Attachments" files={t.attachments} empty="No attachments" />
      </DetailSection>
      <DetailSection title="Supporting Documents">
        <FileList
          label="Supporting documents"
          files={t.supportingDocumentIds.map((url) => ({ url }))}
          empty="No supporting documents"
        />
      </DetailSection>
    </div>
  );
}

/** Tabs another feature adds beside Details (composed in app/areas: features do not import each other). */
export interface TenderExtraTabs {
  tabs: Array<{ value: string; label: ReactNode; content: ReactNode }>;
  /** shown in the header beside the role's actions */
  headerAction?: ReactNode;
}
export type TenderTabsFactory = (t: Tender, nav: { tab: string; setTab: (tab: string) => void }) => TenderExtraTabs;

/** TenderDetails: /buyer/tender/:id (owner actions) and /supplier/tender/:id (read view). */
export function TenderDetailsScreen({
  role,
  extraTabs,
}: {
  role: 'buyer' | 'supplier';
  extraTabs?: TenderTabsFactory;
}) {
  const { id } = useParams();
  const navigate = useNavigate();
  const tender = useTender(id);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'details';
  const setTab = (next: string) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next === 'details') q.delete('tab');
        else q.set('tab', next);
        q.delete('new');
        return q;
      },
      { replace: true },
    );
  const back = role === 'buyer' ? paths.buyer.tenders : paths.supplier.catalogue;
  const fromConnect = (useLocation().state as { from?: unknown } | null)?.from === 'connect';

  useEffect(() => {
    if (!tender.isError) return;
    const err = tender.error;
    if (isApiError(err) && (err.status === 401 || err.status === 403)) return; // the session already ended
    // docs/product.md section 8: an error toast, then the redirect.
    notify.error('Failed to fetch tender details. Please try again.');
    void navigate(back, { replace: true });
  }, [tender.isError, tender.error, navigate, back]);

  if (!tender.data) return <PageSpinner />;
  const t = tender.data;
  const extra = extraTabs?.(t, { tab, setTab });
  const details =
    role === 'buyer' ? (
      <div className="grid gap-5 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <TenderBody t={t} />
        <OwnerActivity id={t.id} />
      </div>
    ) : (
      <TenderBody t={t} />
    );
  const current = extra?.tabs.find((x) => x.value === tab);

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="mb-3 -ml-2"
        onClick={() => navigate(fromConnect ? `/${role}/connect` : back)}
        leftIcon={<ArrowLeft className="size-4" aria-hidden="true" />}
      >
        {fromConnect ? 'Back to Connect' : role === 'buyer' ? 'Back to listings' : 'Back'}
      </Button>
      <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <div className="mb-2 flex flex-wrap items-center gap-2">
            <TenderStatusBadge status={t.status} />
            <span className="text-sm text-ink-500">
              {categoryName(t.category)} · {t.user.companyName}
            </span>
          </div>
          <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-[1.7rem]">{t.title}</h1>
        </div>
        {role === 'buyer' ? (
          <OwnerActions t={t} />
        ) : (
          <div className="flex flex-wrap gap-2">
            {extra?.headerAction}
            <ButtonLink to={paths.supplier.messages} state={{ userId: t.userId }} variant="dark">
              <MessageSquare className="size-4" aria-hidden="true" />
              Message buyer
            </ButtonLink>
          </div>
        )}
      </div>
      {extra?.tabs.length ? (
        <Tabs
          label="Tender sections"
          items={[
            { value: 'details', label: 'Details' },
            ...extra.tabs.map((x) => ({ value: x.value, label: x.label })),
          ]}
          value={current ? current.value : 'details'}
          onChange={setTab}
        >
          {current ? current.content : details}
        </Tabs>
      ) : (
        details
      )}
      <MatchesPanel subjectId={t.id} viewer={role} owner={role === 'buyer'} className="mt-5" />
    </>
  );
}

function OwnerActivity({ id }: { id: string }) {
  const audit = useTenderAudit(id, true);
  return (
    <aside className="space-y-5">
      <DetailSection
        title="Audit trail"
        actions={
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void exportTenderAudit(id, 'pdf')}
              leftIcon={<FileDown className="size-4" aria-hidden="true" />}
            >
              PDF
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void exportTenderAudit(id, 'csv')}
              leftIcon={<FileDown className="size-4" aria-hidden="true" />}
            >
              CSV
            </Button>
          </div>
        }
      >
        {audit.isPending ? (
          <Spinner className="text-ink-400" />
        ) : audit.isError ? (
          <p className="text-sm text-ink-500">{errorMessage(audit.error, 'The activity could not be loaded.')}</p>
        ) : (
          <Activity events={audit.data} />
        )}
      </DetailSection>
    </aside>
  );
}

function OwnerActions({ t }: { t: Tender }) {
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<'delete' | 'complete' | null>(null);
  const del = useDeleteTender();
  const complete = useCompleteTender();
  const update = useUpdateTender();
  const final = FINAL_TENDER_STATUSES.includes(t.status);
  const canComplete = COMPLETABLE_STATUSES.includes(t.status);

  return (
    <div className="flex flex-wrap gap-2">
      {!final && (
        <ButtonLink to={paths.buyer.editTender(t.id)} variant="secondary">
          <Pencil className="size-4" aria-hidden="true" />
          Edit
        </ButtonLink>
      )}
      {t.status === 'draft' && (
        <Button
          loading={update.isPending}
          leftIcon={<Send className="size-4" aria-hidden="true" />}
          onClick={() =>
            update.mutate(
              { id: t.id, body: { status: 'active' } },
              {
                onSuccess: () => notify.success('Tender published'),
                onError: (err) => notify.error(errorMessage(err, 'We could not publish the tender.')),
              },
            )
          }
        >
          Publish
        </Button>
      )}
      <TenderAwardAction tender={t} />
      {canComplete && (
        <Button
          variant="dark"
          onClick={() => setConfirm('complete')}
          leftIcon={<CheckCircle2 className="size-4" aria-hidden="true" />}
        >
          Mark complete
        </Button>
      )}
      <Button
        variant="secondary"
        className="text-red-700 hover:bg-red-50"
        onClick={() => setConfirm('delete')}
        leftIcon={<Trash2 className="size-4" aria-hidden="true" />}
      >
        Delete
      </Button>

      <ConfirmDialog
        open={confirm === 'delete'}
        title="Delete this tender?"
        description={`“${t.title}” and its files will be removed for good.`}
        confirmLabel="Delete tender"
        busy={del.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          del.mutate(t.id, {
            onSuccess: () => {
              notify.success('Tender deleted');
              void navigate(paths.buyer.tenders, { replace: true });
            },
            onError: (err) => {
              setConfirm(null);
              notify.error(errorMessage(err, 'We could not delete the tender.'));
            },
          })
        }
      />
      <ConfirmDialog
        open={confirm === 'complete'}
        title="Mark this tender complete?"
        description="The tender becomes fulfilled: it stops taking responses and can no longer be edited."
        confirmLabel="Mark complete"
        tone="primary"
        busy={complete.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          complete.mutate(t.id, {
            onSuccess: () => {
              setConfirm(null);
              notify.success('Tender marked as fulfilled');
            },
            onError: (err) => {
              setConfirm(null);
              notify.error(errorMessage(err, 'We could not complete the tender.'));
            },
          })
        }
      >
        <p className="text-sm text-ink-600">This is recorded in the audit trail.</p>
      </ConfirmDialog>
    </div>
  );
}
