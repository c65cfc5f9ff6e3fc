import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Briefcase, CalendarDays, Pencil, Plus, Trash2 } from 'lucide-react';
import { z } from 'zod';
import type { PortfolioItem } from '@brickyard/shared';
import { ConfirmDialog } from '@/components/listing';
import {
  Button,
  Card,
  CardDescription,
  CardHeader,
  CardTitle,
  Modal,
  MoneyInput,
  TextareaField,
  TextField,
} from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { formatPence, formatPostedDate } from '@/lib/format';
import { zodResolver } from '@/lib/form';
import { applyServerErrors } from '@/lib/server-errors';
import { notify } from '@/lib/toast';
import { useCreatePortfolioItem, useDeletePortfolioItem, useUpdatePortfolioItem } from '../api/portfolio';
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
  const [deleting, setDeleting] = useState<PortfolioItem | null>(null);
  const remove = useDeletePortfolioItem();

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success('Portfolio item deleted');
      setDeleting(null);
    } catch (err) {
      notify.error(errorMessage(err, 'We could not delete the item. Please try again.'));
    }
  }

  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Project portfolio</CardTitle>
          <CardDescription>
            Work you have delivered: buyers see it under Project Portfolio on your profile.
          </CardDescription>
        </div>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setEditing({})}
          leftIcon={<Plus className="size-4" aria-hidden="true" />}
        >
          Add a portfolio item
        </Button>
      </CardHeader>
      <div>
        {items.length === 0 ? (
          <p className="px-5 py-6 text-sm text-ink-500">
            No portfolio items yet. Add a project you supplied to show buyers your track record.
          </p>
        ) : (
          <ul className="divide-y divide-ink-100" aria-label="Project portfolio">
            {items.map((p) => (
              <li key={p.id} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start">
                <div className="min-w-0 flex-1">
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
                </div>
                <div className="flex shrink-0 gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setEditing({ item: p })}
                    leftIcon={<Pencil className="size-4" aria-hidden="true" />}
                    aria-label={`Edit ${p.title}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-700 hover:bg-red-50"
                    onClick={() => setDeleting(p)}
                    leftIcon={<Trash2 className="size-4" aria-hidden="true" />}
                    aria-label={`Delete ${p.title}`}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {editing && <PortfolioDialog item={editing.item} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        title="Delete this portfolio item?"
        description={deleting?.title}
        confirmLabel="Delete item"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}

function PortfolioDialog({ item, onClose }: { item?: PortfolioItem; onClose: () => void }) {
  const create = useCreatePortfolioItem();
  const update = useUpdatePortfolioItem();
  const busy = create.isPending || update.isPending;
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

  const onSubmit = handleSubmit(async (v) => {
    const body = {
      title: v.title.trim(),
      client: v.client.trim() || null,
      value: moneyToPounds(v.value),
      completionDate: v.completionDate || null,
      description: v.description.trim() || null,
    };
    try {
      if (item) await update.mutateAsync({ id: item.id, body });
      else await create.mutateAsync(body);
      notify.success(item ? 'Portfolio item updated' : 'Portfolio item added');
      onClose();
    } catch (err) {
      const rest = applyServerErrors(err, FIELDS, setError, 'We could not save the item. Please try again.');
      if (rest) notify.error(rest);
    }
  });

  return (
    <Modal
      open
      onClose={busy ? () => undefined : onClose}
      title={item ? 'Edit portfolio item' : 'Add a portfolio item'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="portfolio-form" loading={busy}>
            {item ? 'Save item' : 'Add item'}
          </Button>
        </>
      }
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
    </Modal>
  );
}
