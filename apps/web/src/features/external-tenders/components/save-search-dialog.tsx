import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MAX_SAVED_SEARCHES, savedSearchBodySchema, type ExternalTenderCriteriaOutput } from '@brickyard/shared';
import { Alert, Button, Checkbox, Modal, TextField } from '@/components/ui';
import { errorMessage, isApiError } from '@/lib/api';
import { zodResolver } from '@/lib/form';
import { notify } from '@/lib/toast';
import { useCreateSavedSearch } from '../api/create-saved-search';
import { describeCriteria } from './criteria';

const formSchema = savedSearchBodySchema.pick({ name: true, emailAlerts: true });
type FormIn = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;

/** Saves the current feed search under a name, with email alerts for new matching tenders on or off. */
export function SaveSearchDialog({
  open,
  onClose,
  criteria,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  criteria: ExternalTenderCriteriaOutput;
  onSaved: () => void;
}) {
  const create = useCreateSavedSearch();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', emailAlerts: true },
  });

  useEffect(() => {
    if (open) {
      reset({ name: criteria.q ? criteria.q.slice(0, 100) : '', emailAlerts: true });
      create.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the dialog opens, with the criteria of that moment
  }, [open]);

  const onSubmit = handleSubmit((v) =>
    create.mutate(
      { ...v, criteria },
      {
        onSuccess: () => {
          notify.success('Search saved');
          onSaved();
        },
      },
    ),
  );
  const summary = describeCriteria(criteria);

  return (
    <Modal
      open={open}
      onClose={create.isPending ? () => undefined : onClose}
      title="Save this search"
      description="Get told when newly imported tenders match it."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="save-search-form" loading={create.isPending}>
            Save search
          </Button>
        </>
      }
    >
      <form id="save-search-form" onSubmit={onSubmit} noValidate className="space-y-4">
        {create.isError && (
          <Alert tone="danger" live>
            {isApiError(create.error) && create.error.code === 'PLAN_LIMIT_REACHED'
              ? `You can keep up to ${MAX_SAVED_SEARCHES} saved searches. Delete one first.`
              : errorMessage(create.error, 'The search could not be saved. Please try again.')}
          </Alert>
        )}
        <div className="rounded-lg bg-ink-50 px-3 py-2 text-sm text-ink-700">
          <p className="text-xs font-medium tracking-wide text-ink-500 uppercase">Criteria</p>
          <p className="mt-1">{summary.length ? summary.join(' · ') : 'Every tender in the feed'}</p>
        </div>
        <TextField label="Name" maxLength={100} data-autofocus error={errors.name?.message} {...register('name')} />
        <Checkbox id="saved-search-alerts" label="Email me when new tenders match" {...register('emailAlerts')} />
      </form>
    </Modal>
  );
}
