import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@/lib/form';
import { Paperclip, X } from 'lucide-react';
import { z } from 'zod';
import { contactUsBodySchema } from '@brickyard/shared';
import { Button, Field, Input, Modal, TextField, TextareaField } from '@/components/ui';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useContactUs } from '../api/contact-us';

const formSchema = z.object({
  userTitle: contactUsBodySchema.shape.userTitle.refine((v) => v.length > 0, 'Enter a title'),
  userMessage: contactUsBodySchema.shape.userMessage,
});
type Form = z.infer<typeof formSchema>;

const MAX_FILE_BYTES = 25 * 1024 * 1024;

/** docs/product.md section 2: name and email read-only; title and message required; suppliers may attach one file. */
export function ContactUsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const session = useSession();
  const mutation = useContactUs();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const canAttach = session?.role === 'supplier';
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Form>({ resolver: zodResolver(formSchema), defaultValues: { userTitle: '', userMessage: '' } });

  function close() {
    reset();
    setFile(null);
    setFileError(null);
    onClose();
  }

  const onSubmit = handleSubmit(async (v) => {
    if (!session) return;
    try {
      const res = await mutation.mutateAsync({
        userEmail: session.user.email,
        userName: session.user.name,
        userTitle: v.userTitle,
        userMessage: v.userMessage,
        file: canAttach ? file : null,
      });
      notify.success(res.message || 'Your message has been sent');
      close();
    } catch (err) {
      if (
        err instanceof ApiError &&
        err.status >= 400 &&
        err.status < 500 &&
        err.status !== 401 &&
        err.status !== 403
      ) {
        let placed = false;
        for (const d of err.details) {
          const key = d.path.replace(/^body\./, '');
          if (key === 'userTitle' || key === 'userMessage') {
            setError(key, { message: d.message });
            placed = true;
          } else if (key === 'file') {
            setFileError(d.message);
            placed = true;
          }
        }
        if (!placed || err.status === 413) notify.error(err.message || 'Contact us failed. Please try again.');
      } else {
        notify.error('Contact us failed. Please try again.');
      }
    }
  });

  return (
    <Modal
      open={open}
      onClose={close}
      title="Contact Us"
      description="Questions, feedback or a problem? Our team replies by email, usually within one working day."
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="contact-us-form" loading={mutation.isPending}>
            Send
          </Button>
        </>
      }
    >
      <form id="contact-us-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Name" value={session?.user.name ?? ''} readOnly />
          <TextField label="Email" type="email" value={session?.user.email ?? ''} readOnly />
        </div>
        <TextField
          label="Title"
          data-autofocus
          error={errors.userTitle?.message}
          maxLength={200}
          {...register('userTitle')}
        />
        <TextareaField
          label="Message"
          rows={6}
          error={errors.userMessage?.message}
          maxLength={5000}
          {...register('userMessage')}
        />
        {canAttach && (
          <Field
            id={fileId}
            label="Attachment"
            optional
            error={fileError ?? undefined}
            hint="One PDF, image, Office document, ZIP or text file, up to 25 MB."
          >
            {file ? (
              <div className="flex items-center justify-between gap-2 rounded-lg border border-ink-200 bg-ink-50 px-3 py-2 text-sm">
                <span className="flex min-w-0 items-center gap-2">
                  <Paperclip className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
                  <span className="truncate">{file.name}</span>
                </span>
                <button
                  type="button"
                  className="rounded p-1 text-ink-500 hover:bg-ink-200"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => setFile(null)}
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </div>
            ) : (
              <Input
                id={fileId}
                type="file"
                accept=".pdf,.png,.jpg,.jpeg,.webp,.gif,.docx,.xlsx,.pptx,.zip,.txt,.csv,.md"
                className="h-auto py-1.5 file:mr-3 file:rounded-md file:border-0 file:bg-ink-100 file:px-3 file:py-1.5 file:text-sm file:font-medium"
                aria-describedby={fileError ? `${fileId}-error` : `${fileId}-hint`}
                onChange={(e) => {
                  const f = e.target.files?.[0] ?? null;
                  setFileError(null);
                  if (f && f.size > MAX_FILE_BYTES) {
                    setFileError('The file is larger than 25 MB');
                    e.target.value = '';
                    return;
                  }
                  setFile(f);
                }}
              />
            )}
          </Field>
        )}
      </form>
    </Modal>
  );
}
