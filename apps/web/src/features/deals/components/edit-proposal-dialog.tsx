import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Contract } from '@brickyard/shared';
import { Alert, Button, Modal, MoneyInput, TextareaField } from '@/components/ui';
import { zodResolver } from '@/lib/form';
import { applyServerErrors } from '@/lib/server-errors';
import { notify } from '@/lib/toast';
import { useUpdateContract } from '../api/update-contract';
import { formatMoney, moneyField, moneyToPounds } from '@/lib/money';

const schema = z.object({
  value: moneyField('Enter an amount in pounds, like 12500 or 12500.50', 'Enter the contract value'),
  terms: z.string().trim().max(10_000, 'Keep the terms under 10,000 characters'),
});
type Values = z.infer<typeof schema>;

/** The buyer changes the value or terms of a proposal the supplier has not answered yet. */
export function EditProposalDialog({ contract, onClose }: { contract: Contract | null; onClose: () => void }) {
  const update = useUpdateContract();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { value: '', terms: '' } });

  useEffect(() => {
    if (contract) {
      reset({ value: formatMoney(contract.valuePence), terms: contract.terms ?? '' });
      setFormError(null);
    }
  }, [contract, reset]);

  const submit = handleSubmit((v) => {
    if (!contract) return;
    update.mutate(
      {
        id: contract.id,
        body: { action: 'update', value: moneyToPounds(v.value)!, terms: v.terms.trim() || null },
      },
      {
        onSuccess: () => {
          notify.success('Proposal updated');
          onClose();
        },
        onError: (err) => {
          const rest = applyServerErrors(
            err,
            ['value', 'terms'] as const,
            setError,
            'We could not update the proposal. Please try again.',
          );
          if (rest) {
            setFormError(rest);
            notify.error(rest);
          }
        },
      },
    );
  });

  return (
    <Modal
      open={!!contract}
      onClose={update.isPending ? () => undefined : onClose}
      title="Edit proposal"
      description={
        contract
          ? `Change the value or terms offered to ${contract.supplier.companyName} for “${contract.tenderTitle}”.`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="edit-proposal-form" loading={update.isPending}>
            Save changes
          </Button>
        </>
      }
    >
      <form id="edit-proposal-form" noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        {formError && <Alert tone="danger">{formError}</Alert>}
        <MoneyInput label="Contract value (£)" error={errors.value?.message} {...register('value')} />
        <TextareaField label="Terms" optional rows={4} error={errors.terms?.message} {...register('terms')} />
      </form>
    </Modal>
  );
}
