import { useState, type ReactNode } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/listing';
import { Button, Card, CardDescription, CardHeader, CardTitle, Modal } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { applyServerErrors } from '@/lib/server-errors';
import { notify } from '@/lib/toast';

/**
 * One list a user keeps on their profile (the portfolio, current and past projects): a card with an
 * add button, the items each with Edit and Delete, or a line saying there are none yet.
 */
export function ProfileListSection<T extends { id: string }>({
  title,
  description,
  empty,
  items,
  addLabel,
  itemName,
  renderItem,
  onAdd,
  onEdit,
  onDelete,
}: {
  title: string;
  description: string;
  empty: string;
  items: T[];
  addLabel: string;
  /** how the item is named in its Edit and Delete buttons */
  itemName: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  onAdd: () => void;
  onEdit: (item: T) => void;
  onDelete: (item: T) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <Button size="sm" variant="secondary" onClick={onAdd} leftIcon={<Plus className="size-4" aria-hidden="true" />}>
          {addLabel}
        </Button>
      </CardHeader>
      <div>
        {items.length === 0 ? (
          <p className="px-5 py-6 text-sm text-ink-500">{empty}</p>
        ) : (
          <ul className="divide-y divide-ink-100" aria-label={title}>
            {items.map((item) => (
              <li key={item.id} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start">
                <div className="min-w-0 flex-1">{renderItem(item)}</div>
                <div className="flex shrink-0 gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onEdit(item)}
                    leftIcon={<Pencil className="size-4" aria-hidden="true" />}
                    aria-label={`Edit ${itemName(item)}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-700 hover:bg-red-50"
                    onClick={() => onDelete(item)}
                    leftIcon={<Trash2 className="size-4" aria-hidden="true" />}
                    aria-label={`Delete ${itemName(item)}`}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

/**
 * Delete with a confirmation: `ask(item)` opens the dialog; confirming deletes, says `deleted` and
 * closes, or says what went wrong (`failed` when the server gives no reason) and stays open.
 */
export function useConfirmDelete<T extends { id: string }>(
  remove: { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean },
  text: { title: string; confirmLabel: string; deleted: string; failed: string; name: (item: T) => string },
) {
  const [deleting, setDeleting] = useState<T | null>(null);

  async function confirm() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success(text.deleted);
      setDeleting(null);
    } catch (err) {
      notify.error(errorMessage(err, text.failed));
    }
  }

  const dialog = (
    <ConfirmDialog
      open={!!deleting}
      title={text.title}
      description={deleting ? text.name(deleting) : undefined}
      confirmLabel={text.confirmLabel}
      busy={remove.isPending}
      onConfirm={() => void confirm()}
      onClose={() => setDeleting(null)}
    />
  );
  return { ask: setDeleting, dialog };
}

/** The add/edit dialog of a profile list item: its form (by `formId`) is submitted from the footer. */
export function ProfileListDialog({
  title,
  formId,
  submitLabel,
  busy,
  onClose,
  children,
}: {
  title: string;
  formId: string;
  submitLabel: string;
  busy: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      onClose={busy ? () => undefined : onClose}
      title={title}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

interface ListItemMutations<Item, Body> {
  useCreate: () => { mutateAsync: (body: Body) => Promise<Item>; isPending: boolean };
  useUpdate: () => { mutateAsync: (v: { id: string; body: Body }) => Promise<Item>; isPending: boolean };
}

/**
 * Saving an item of a profile list: creates it, or updates `item`; on success says so and calls
 * `onSaved`, otherwise puts the server's messages next to the form's `fields` (the rest as a toast).
 */
export function useSaveListItem<Item extends { id: string }, Body, F extends string>(
  api: ListItemMutations<Item, Body>,
  item: Item | undefined,
  form: {
    fields: readonly F[];
    setError: (field: F, error: { type: string; message: string }, opts?: { shouldFocus: boolean }) => void;
  },
  text: { added: string; updated: string; failed: string },
  onSaved: () => void,
) {
  const create = api.useCreate();
  const update = api.useUpdate();
  async function save(body: Body) {
    try {
      if (item) await update.mutateAsync({ id: item.id, body });
      else await create.mutateAsync(body);
      notify.success(item ? text.updated : text.added);
      onSaved();
    } catch (err) {
      const rest = applyServerErrors(err, form.fields, form.setError, text.failed);
      if (rest) notify.error(rest);
    }
  }
  return { save, busy: create.isPending || update.isPending };
}
