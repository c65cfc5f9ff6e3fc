import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Save } from 'lucide-react';
import { billingDetailsSchema, type BillingDetails, type BillingDetailsInput } from '@brickyard/shared';
import {
  Alert,
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  PageSpinner,
  TextField,
} from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { zodResolver } from '@/lib/form';
import { applyServerErrors } from '@/lib/server-errors';
import { notify } from '@/lib/toast';
import { useBillingDetails } from '../api/get-billing-details';
import { useUpdateBillingDetails } from '../api/update-billing-details';

type Form = BillingDetailsInput;
type Saved = z.output<typeof billingDetailsSchema>;
const FIELDS = [
  'companyName',
  'billingEmail',
  'addressLine1',
  'addressLine2',
  'city',
  'postcode',
  'country',
  'vatNumber',
] as const;

function toForm(d: BillingDetails): Form {
  return {
    companyName: d.companyName,
    billingEmail: d.billingEmail,
    addressLine1: d.addressLine1 ?? '',
    addressLine2: d.addressLine2 ?? '',
    city: d.city ?? '',
    postcode: d.postcode ?? '',
    country: d.country ?? '',
    vatNumber: d.vatNumber ?? '',
  };
}

function DetailsForm({ details }: { details: BillingDetails }) {
  const save = useUpdateBillingDetails();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<Form, unknown, Saved>({
    resolver: zodResolver(billingDetailsSchema),
    defaultValues: toForm(details),
  });
  useEffect(() => reset(toForm(details)), [details, reset]);

  const onSubmit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync(v);
      reset(toForm(saved));
      notify.success('Billing details saved');
    } catch (err) {
      setFormError(
        applyServerErrors(err, FIELDS, setError, 'We could not save your billing details. Please try again.'),
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError && (
        <Alert tone="danger" live>
          {formError}
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Company name"
          autoComplete="organization"
          error={errors.companyName?.message}
          {...register('companyName')}
        />
        <TextField
          label="Billing email"
          type="email"
          autoComplete="email"
          error={errors.billingEmail?.message}
          hint="Invoices and receipts go here."
          {...register('billingEmail')}
        />
        <TextField
          label="Address line 1"
          optional
          autoComplete="address-line1"
          error={errors.addressLine1?.message}
          {...register('addressLine1')}
        />
        <TextField
          label="Address line 2"
          optional
          autoComplete="address-line2"
          error={errors.addressLine2?.message}
          {...register('addressLine2')}
        />
        <TextField
          label="Town or city"
          optional
          autoComplete="address-level2"
          error={errors.city?.message}
          {...register('city')}
        />
        <TextField
          label="Postcode"
          optional
          autoComplete="postal-code"
          error={errors.postcode?.message}
          {...register('postcode')}
        />
        <TextField
          label="Country"
          optional
          autoComplete="country-name"
          error={errors.country?.message}
          {...register('country')}
        />
        <TextField
          label="VAT number"
          optional
          placeholder="GB123456789"
          error={errors.vatNumber?.message}
          hint="Printed on your invoices."
          {...register('vatNumber')}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          loading={save.isPending}
          disabled={!isDirty}
          leftIcon={<Save className="size-4" aria-hidden="true" />}
        >
          Save billing details
        </Button>
        {!isDirty && <span className="text-xs text-ink-500">Changes apply to invoices issued from now on.</span>}
      </div>
    </form>
  );
}

/** GET/PUT /api/settings/billing: who invoices are made out to. */
export function BillingDetailsCard() {
  const details = useBillingDetails();
  return (
    <Card className="mt-10" aria-labelledby="billing-details-title">
      <CardHeader>
        <div>
          <CardTitle id="billing-details-title">Billing details</CardTitle>
          <CardDescription>The company, address and VAT number printed on your invoices.</CardDescription>
        </div>
      </CardHeader>
      <CardBody>
        {details.isPending ? (
          <PageSpinner />
        ) : details.isError ? (
          <Alert tone="danger" live title="We could not load your billing details">
            {errorMessage(details.error)}
          </Alert>
        ) : (
          <DetailsForm details={details.data} />
        )}
      </CardBody>
    </Card>
  );
}
