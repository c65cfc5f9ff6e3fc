import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { Building2, Search, X } from 'lucide-react';
import { prettifyRegion, type Contract, type Tender } from '@brickyard/shared';
import { Alert, Button, Field, Input, Modal, MoneyInput, SelectField, Spinner, TextareaField } from '@/components/ui';
import { zodResolver } from '@/lib/form';
import { formatPence } from '@/lib/format';
import { applyServerErrors } from '@/lib/server-errors';
import { notify } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  useAwardableTenders,
  useCreateContract,
  useSupplierCatalogue,
  useSupplierSearch,
  useTenderMatches,
  useTenderResponsesForAward,
} from './api';
import { itemOptions, suggestValue, type AwardContext, type ItemOption } from './award-suggestion';
import { formatMoney, moneyField, moneyToPounds } from '@/lib/money';

const awardSchema = z.object({
  tenderId: z.string().min(1, 'Choose the tender to award'),
  supplierId: z.string().min(1, 'Choose the supplier to award it to'),
  catalogueItemId: z.string(),
  value: moneyField('Enter an amount in pounds, like 12500 or 12500.50', 'Enter the contract value'),
  terms: z.string().trim().max(10_000, 'Keep the terms under 10,000 characters'),
});
type AwardValues = z.infer<typeof awardSchema>;
const FIELDS = Object.keys(awardSchema.shape) as (keyof AwardValues)[];

export interface AwardSupplier {
  id: string;
  companyName: string;
  name?: string;
}

/**
 * Award a tender to a supplier (POST /api/contract): the tender (fixed, or chosen from the
 * buyer's active ones), the supplier (searched by name or company), optionally one of their
 * catalogue items, the value in pounds and the terms.
 */
export function AwardDialog({
  open,
  onClose,
  tender,
  supplier: presetSupplier,
  onAwarded,
}: {
  open: boolean;
  onClose: () => void;
  /** award this tender; without it the buyer chooses one of their active tenders */
  tender?: Tender;
  supplier?: AwardSupplier;
  onAwarded?: (c: Contract) => void;
}) {
  const create = useCreateContract();
  const tenders = useAwardableTenders(open && !tender);
  const [supplier, setSupplier] = useState<AwardSupplier | null>(presetSupplier ?? null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm<AwardValues>({
    resolver: zodResolver(awardSchema),
    defaultValues: {
      tenderId: tender?.id ?? '',
      supplierId: presetSupplier?.id ?? '',
      catalogueItemId: '',
      value: formatMoney(tender?.budgetPence),
      terms: tender?.paymentTerms ?? '',
    },
  });

  // A fresh form each time the dialog opens.
  useEffect(() => {
    if (!open) return;
    setSupplier(presetSupplier ?? null);
    setFormError(null);
    reset({
      tenderId: tender?.id ?? '',
      supplierId: presetSupplier?.id ?? '',
      catalogueItemId: '',
      value: formatMoney(tender?.budgetPence),
      terms: tender?.paymentTerms ?? '',
    });
  }, [open, tender, presetSupplier, reset]);

  const tenderId = watch('tenderId');
  const itemId = watch('catalogueItemId');
  const chosenTender = tender ?? tenders.data?.data.find((t) => t.id === tenderId);

  // What the value is suggested from: the supplier's items (matched ones first) and any priced response.
  const items = useSupplierCatalogue(open ? supplier?.id : undefined);
  const matches = useTenderMatches(open && supplier ? chosenTender?.id : undefined);
  const responses = useTenderResponsesForAward(open && supplier ? chosenTender?.id : undefined);
  const ctx: AwardContext | null = useMemo(
    () =>
      supplier
        ? {
            tender: chosenTender,
            supplierId: supplier.id,
            items: items.data?.data ?? [],
            matches: matches.data?.data.matches ?? [],
            responses: responses.data?.data ?? [],
          }
        : null,
    [supplier, chosenTender, items.data, matches.data, responses.data],
  );
  const options = useMemo(() => (ctx ? itemOptions(ctx) : []), [ctx]);
  const suggestion = ctx ? suggestValue(ctx, itemId) : null;

  // Once per tender and supplier, when what it rests on has loaded (a failed call counts as
  // loaded, with nothing from it): pre-select their best-matched item and pre-fill the value.
  // Never over what the buyer already chose or typed.
  const prefilled = useRef<string | null>(null);
  const touched = useRef(false);
  // isLoading, not isPending: a query not asked yet (no tender chosen) waits for nothing
  const loaded = !items.isLoading && !matches.isLoading && !responses.isLoading;
  useEffect(() => {
    if (!open || !ctx || !chosenTender || !loaded) return;
    const key = `${chosenTender.id}:${ctx.supplierId}`;
    if (prefilled.current === key) return;
    prefilled.current = key;
    if (touched.current) return;
    const best = itemOptions(ctx).find((o) => o.score !== null)?.item.id ?? '';
    setValue('catalogueItemId', best);
    const s = suggestValue(ctx, best);
    if (s) setValue('value', formatMoney(s.pence), { shouldValidate: true });
  }, [open, ctx, chosenTender, loaded, setValue]);
  useEffect(() => {
    if (!open) prefilled.current = null;
    touched.current = false;
  }, [open]);

  const tenderRegister = register('tenderId', {
    onChange: (e: { target: { value: string } }) => {
      const t = tenders.data?.data.find((x) => x.id === e.target.value);
      if (t) {
        setValue('value', formatMoney(t.budgetPence));
        setValue('terms', t.paymentTerms ?? '');
      }
    },
  });
  const itemRegister = register('catalogueItemId', {
    // choosing another item re-suggests the value (the buyer can still type their own)
    onChange: (e: { target: { value: string } }) => {
      touched.current = true;
      const s = ctx ? suggestValue(ctx, e.target.value) : null;
      if (s) setValue('value', formatMoney(s.pence), { shouldValidate: true });
    },
  });

  const valueRegister = register('value', {
    onChange: () => {
      touched.current = true;
    },
  });

  function choose(s: AwardSupplier | null) {
    touched.current = false;
    setSupplier(s);
    setValue('supplierId', s?.id ?? '', { shouldValidate: !!s });
    setValue('catalogueItemId', '');
  }

  const submit = handleSubmit((v) => {
    setFormError(null);
    create.mutate(
      {
        tenderId: v.tenderId,
        supplierId: v.supplierId,
        catalogueItemId: v.catalogueItemId || null,
        value: moneyToPounds(v.value)!,
        terms: v.terms.trim() || null,
      },
      {
        onSuccess: (c) => {
          onAwarded?.(c);
          onClose();
        },
        onError: (err) => {
          const rest = applyServerErrors(err, FIELDS, setError, 'We could not award the tender. Please try again.');
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
      open={open}
      onClose={create.isPending ? () => undefined : onClose}
      title="Award tender"
      description={
        chosenTender
          ? `Propose a contract for “${chosenTender.title}”. The supplier accepts or declines it in their Deals.`
          : 'Propose a contract to a supplier. They accept or decline it in their Deals.'
      }
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="award-form" loading={create.isPending}>
            Send proposal
          </Button>
        </>
      }
    >
      <form id="award-form" noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        {formError && <Alert tone="danger">{formError}</Alert>}
        {!tender && (
          <SelectField label="Tender" error={errors.tenderId?.message} disabled={tenders.isPending} {...tenderRegister}>
            <option value="">{tenders.isPending ? 'Loading your tenders…' : 'Choose an active tender'}</option>
            {tenders.data?.data.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </SelectField>
        )}
        {!tender && tenders.data && tenders.data.data.length === 0 && (
          <p className="text-sm text-ink-500">You have no active tenders to award. Publish a tender first.</p>
        )}
        <input type="hidden" {...register('supplierId')} />
        <SupplierPicker
          value={supplier}
          onChange={choose}
          error={errors.supplierId?.message}
          locked={!!presetSupplier}
        />
        {supplier && (
          <CatalogueItemSelect options={options} pending={!loaded} failed={items.isError} register={itemRegister} />
        )}
        <MoneyInput
          label="Contract value (£)"
          placeholder="e.g. 12500"
          hint={
            suggestion?.hint ??
            (chosenTender?.budgetPence != null
              ? `The tender budget is ${formatPence(chosenTender.budgetPence)}`
              : undefined)
          }
          error={errors.value?.message}
          {...valueRegister}
        />
        <TextareaField
          label="Terms"
          optional
          rows={4}
          placeholder="Payment terms, retention, delivery schedule…"
          error={errors.terms?.message}
          {...register('terms')}
        />
      </form>
    </Modal>
  );
}

function CatalogueItemSelect({
  options,
  pending,
  failed,
  register,
}: {
  options: ItemOption[];
  pending: boolean;
  failed: boolean;
  register: UseFormRegisterReturn<'catalogueItemId'>;
}) {
  const matched = options.filter((o) => o.score !== null);
  const others = options.filter((o) => o.score === null);
  const option = (o: ItemOption) => (
    <option key={o.item.id} value={o.item.id}>
      {o.item.title}
      {o.item.valuePence != null ? ` (${formatPence(o.item.valuePence)})` : ''}
      {o.score !== null ? ` · ${o.score}% match` : ''}
    </option>
  );
  return (
    <SelectField
      label="Catalogue item"
      optional
      disabled={pending}
      hint={
        failed
          ? 'Their catalogue could not be loaded; you can award without an item.'
          : matched.length
            ? 'Their items matched to this tender come first; the value follows the item you choose.'
            : 'Tie the contract to one of the supplier’s items.'
      }
      {...register}
    >
      <option value="">
        {pending ? 'Loading their catalogue…' : options.length ? 'No specific item' : 'They list no items'}
      </option>
      {matched.length > 0 ? (
        <>
          <optgroup label="Matched to this tender">{matched.map(option)}</optgroup>
          {others.length > 0 && <optgroup label="Their other items">{others.map(option)}</optgroup>}
        </>
      ) : (
        others.map(option)
      )}
    </SelectField>
  );
}

/** Search suppliers by company or name and pick one. */
function SupplierPicker({
  value,
  onChange,
  error,
  locked,
}: {
  value: AwardSupplier | null;
  onChange: (s: AwardSupplier | null) => void;
  error?: string;
  locked: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const search = useSupplierSearch(q);
  const results = search.data?.data ?? [];

  if (value) {
    return (
      <Field id={id} label="Supplier">
        <div id={id} className="flex items-center gap-3 rounded-lg border border-ink-200 bg-ink-50 px-3 py-2.5">
          <Building2 className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold text-ink-900">{value.companyName}</p>
            {value.name && <p className="truncate text-xs text-ink-500">{value.name}</p>}
          </div>
          {!locked && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onChange(null)}
              leftIcon={<X className="size-4" aria-hidden="true" />}
            >
              Change
            </Button>
          )}
        </div>
      </Field>
    );
  }

  return (
    <Field id={id} label="Supplier" error={error} hint="Search by company or contact name">
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-400"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          className="pl-9"
          placeholder="Type at least 2 characters"
          autoComplete="off"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          aria-controls={q.length >= 2 ? `${id}-results` : undefined}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      {q.length >= 2 && (
        <div id={`${id}-results`} aria-live="polite" className="rounded-lg border border-ink-200">
          {search.isPending ? (
            <p className="flex items-center gap-2 px-3 py-2.5 text-sm text-ink-500">
              <Spinner className="[&_svg]:size-4" /> Searching…
            </p>
          ) : search.isError ? (
            <p className="px-3 py-2.5 text-sm text-red-600">The search failed. Please try again.</p>
          ) : results.length === 0 ? (
            <p className="px-3 py-2.5 text-sm text-ink-500">No suppliers match “{q}”.</p>
          ) : (
            <ul aria-label="Matching suppliers" className="max-h-56 divide-y divide-ink-100 overflow-y-auto">
              {results.map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    onClick={() => onChange({ id: s.id, companyName: s.companyName, name: s.name })}
                    className="flex w-full items-center gap-3 px-3 py-2.5 text-left hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-none"
                  >
                    <Building2 className="size-4 shrink-0 text-ink-400" aria-hidden="true" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium text-ink-900">{s.companyName}</span>
                      <span className="block truncate text-xs text-ink-500">
                        {s.name}
                        {s.region ? ` · ${prettifyRegion(s.region)}` : ''}
                      </span>
                    </span>
                    <span className="text-xs font-semibold text-brand-700">Choose</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Field>
  );
}
