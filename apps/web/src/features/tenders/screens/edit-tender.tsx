import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FINAL_TENDER_STATUSES } from '@brickyard/shared';
import { TenderStatusBadge } from '@/components/listing';
import { Alert, ButtonLink, PageHeader, PageSpinner } from '@/components/ui';
import { isApiError } from '@/lib/api';
import { notify } from '@/lib/toast';
import { useTender } from '../api/get-tender';
import { useUpdateTender } from '../api/update-tender';
import { TenderForm } from '../components/tender-form';
import { paths } from '@/lib/paths';

/** CreateListing in edit mode: /buyer/edit-tender/:id */
export function EditTenderScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const tender = useTender(id);
  const update = useUpdateTender();

  useEffect(() => {
    if (!tender.isError) return;
    const err = tender.error;
    // 401/403 already ended the session and went to /login.
    if (isApiError(err) && (err.status === 401 || err.status === 403)) return;
    notify.error('We could not load this tender.');
    void navigate(paths.buyer.tenders, { replace: true });
  }, [tender.isError, tender.error, navigate]);

  if (!tender.data) return <PageSpinner />;
  const t = tender.data;
  const locked = FINAL_TENDER_STATUSES.includes(t.status);

  return (
    <>
      <PageHeader
        eyebrow="Edit tender"
        title={t.title}
        description="Update the details of your tender. Every change is recorded in its audit trail."
        actions={<TenderStatusBadge status={t.status} />}
      />
      {locked ? (
        <Alert tone="warning" title={`This tender is ${t.status}`}>
          Fulfilled and cancelled tenders can no longer be changed.{' '}
          <ButtonLink variant="link" to={paths.buyer.tender(t.id)}>
            Back to the tender
          </ButtonLink>
        </Alert>
      ) : (
        <TenderForm
          key={t.id}
          initial={t}
          intents={
            t.status === 'draft'
              ? [
                  { intent: 'save', label: 'Save draft', variant: 'secondary' },
                  { intent: 'publish', label: 'Publish tender' },
                ]
              : [{ intent: 'save', label: 'Save changes' }]
          }
          onCancel={() => navigate(paths.buyer.tender(t.id))}
          onSubmit={async (body, intent) => {
            const next = await update.mutateAsync({
              id: t.id,
              body: intent === 'publish' ? { ...body, status: 'active' } : body,
            });
            notify.success(intent === 'publish' ? 'Tender published' : 'Changes saved');
            void navigate(paths.buyer.tender(next.id));
          }}
        />
      )}
    </>
  );
}
