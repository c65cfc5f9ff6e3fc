import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Briefcase, CalendarDays } from 'lucide-react';
import { z } from 'zod';
import type { PortfolioItem } from '@brickyard/shared';
import { MoneyInput, TextareaField, TextField } from '@/components/ui';
import { formatPence, formatPostedDate } from '@/lib/format';
import { zodResolver } from '@/lib/form';
import { portfolioApi } from '../api/portfolio';
import { ProfileListDialog, ProfileListSection, useConfirmDelete, useSaveListItem } from './profile-list-section';
import { formatMoney, moneyField, moneyToPounds } from '@/lib/money';

const portfolioFormSchema = z.object({
  title: z.string().trim().min(1, 'Give the project a title').max(200, 'At most 200 characters'),
  client: z.string().trim().max(200, 'At most 200 characters'),
  value: moneyField('Enter an amount in pounds, like 420000'),
  completionDate: z.string().refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Enter a valid date'),
  description: z.string().trim().max(2000, 'At most 2,000 characters'),
});
type PortfolioForm = z.infer<typeof portfolioFormSchema>;
const FIELDS = Object.keys(portfolioFormSchema.shape) as (keyof PortfolioForm)[];

/** Supplier profile: the Project Portfolio tab's items, added, changed and deleted here. */
export function PortfolioSection({ items }: { items: PortfolioItem[] }) {
  const [editing, setEditing] = useState<{ item?: PortfolioItem } | null>(null);
  const remove = portfolioApi.useDelete();
  const confirmDelete = useConfirmDelete<PortfolioItem>(remove, {
    title: 'Delete this portfolio item?',
    confirmLabel: 'Delete item',
    deleted: 'Portfolio item deleted',
    failed: 'We could not delete the item. Please try again.',
    name: (p) => p.title,
  });

  return (
    <>
      <ProfileListSection
        title="Project portfolio"
        description="Work you have delivered: buyers see it under Project Portfolio on your profile."
        empty="No portfolio items yet. Add a project you supplied to show buyers your track record."
        items={items}
        addLabel="Add a portfolio item"
        itemName={(p) => p.title}
        onAdd={() => setEditing({})}
        onEdit={(p) => setEditing({ item: p })}
        onDelete={confirmDelete.ask}
        renderItem={(p) => (
          <>
            <p className="font-semibold text-ink-900">{p.title}</p>
            {p.description && <p className="mt-1 text-sm text-ink-600">{p.description}</p>}
            <p className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-500">
              <span className="inline-flex items-center gap-1">
                <Briefcase className="size-3.5" aria-hidden="true" />
                {p.client ?? 'Client not specified'}
              </span>
              <span>Value {p.valuePence !== null ? formatPence(p.valuePence) : 'Not specified'}</span>
              <span className="inline-flex items-center gap-1">
                <CalendarDays className="size-3.5" aria-hidden="true" />
                Completed {formatPostedDate(p.completionDate)}
              </span>
            </p>
          </>
        )}
      />
      {editing && <PortfolioDialog item={editing.item} onClose={() => setEditing(null)} />}
      {confirmDelete.dialog}
    </>
  );
}

function PortfolioDialog({ item, onClose }: { item?: PortfolioItem; onClose: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PortfolioForm>({
    resolver: zodResolver(portfolioFormSchema),
    defaultValues: {
      title: item?.title ?? '',
      client: item?.client ?? '',
      value: formatMoney(item?.valuePence),
      completionDate: item?.completionDate ?? '',
      description: item?.description ?? '',
    },
  });

  const { save, busy } = useSaveListItem(
    portfolioApi,
    item,
    { fields: FIELDS, setError },
    {
      added: 'Portfolio item added',
      updated: 'Portfolio item updated',
      failed: 'We could not save the item. Please try again.',
    },
    onClose,
  );

  const onSubmit = handleSubmit(async (v) => {
    const body = {
      title: v.title.trim(),
      client: v.client.trim() || null,
      value: moneyToPounds(v.value),
      completionDate: v.completionDate || null,
      description: v.description.trim() || null,
    };
    await save(body);
  });

  return (
    <ProfileListDialog
      title={item ? 'Edit portfolio item' : 'Add a portfolio item'}
      formId="portfolio-form"
      submitLabel={item ? 'Save item' : 'Add item'}
      busy={busy}
      onClose={onClose}
    >
      <form id="portfolio-form" onSubmit={onSubmit} noValidate className="grid gap-4 md:grid-cols-2">
        <TextField label="Title" fieldClassName="md:col-span-2" error={errors.title?.message} {...register('title')} />
        <TextField label="Client" optional error={errors.client?.message} {...register('client')} />
        <MoneyInput
          label="Value (£)"
          optional
          placeholder="e.g. 420000"
          error={errors.value?.message}
          {...register('value')}
        />
        <TextField
          label="Completion date"
          optional
          type="date"
          error={errors.completionDate?.message}
          {...register('completionDate')}
        />
        <TextareaField
          label="Description"
          optional
          rows={3}
          fieldClassName="md:col-span-2"
          error={errors.description?.message}
          {...register('description')}
        />
      </form>
    </ProfileListDialog>
  );
}
