import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { FileText, Loader2, Paperclip, SendHorizontal, X } from 'lucide-react';
import { MESSAGE_MAX_ATTACHMENTS, MESSAGE_MAX_CHARS, type MessageAttachment } from '@brickyard/shared';
import { Button, Textarea } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { cleanFileName } from '@/lib/format';
import { notify } from '@/lib/toast';
import { uploadFile } from '@/lib/upload';
import { useSendMessage } from '../api/send-message';

/** docs/product.md section 8: the toasts of sending, word for word. */
export const SENT_TOAST = { buyer: 'Message sent successfully', supplier: 'Message sent' } as const;
export const SEND_FAILED_TOAST = 'Error sending message. Please try again.';

interface PendingFile {
  id: string;
  name: string;
  progress: number;
  attachment?: MessageAttachment;
  error?: string;
}

/** Enter sends, Shift+Enter starts a new line; files go through the presigned upload flow first. */
export function MessageComposer({
  conversationId,
  role,
  recipientName,
}: {
  conversationId: string;
  role: 'buyer' | 'supplier';
  recipientName: string;
}) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<PendingFile[]>([]);
  const send = useSendMessage();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();

  // Keyed by conversation: a new thread starts with an empty composer, focused.
  useEffect(() => {
    textarea.current?.focus({ preventScroll: true });
  }, []);

  // Grow with the text up to about eight lines.
  useEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 200)}px`;
  }, [text]);

  const tooLong = text.length > MESSAGE_MAX_CHARS;
  const uploading = files.some((f) => !f.attachment && !f.error);
  const ready = files.filter((f) => f.attachment).map((f) => f.attachment!);
  const canSend = !send.isPending && !uploading && !tooLong && (text.trim().length > 0 || ready.length > 0);

  function submit() {
    if (!canSend) return;
    send.mutate(
      { conversationId, text, attachments: ready },
      {
        onSuccess: () => {
          notify.success(SENT_TOAST[role]);
          setText('');
          setFiles([]);
          textarea.current?.focus();
        },
        onError: () => notify.error(SEND_FAILED_TOAST),
      },
    );
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  }

  function addFiles(list: FileList | null) {
    if (!list) return;
    const room = MESSAGE_MAX_ATTACHMENTS - files.filter((f) => !f.error).length;
    const chosen = Array.from(list);
    if (chosen.length > room) notify.error(`You can attach at most ${MESSAGE_MAX_ATTACHMENTS} files to a message.`);
    for (const file of chosen.slice(0, Math.max(0, room))) {
      const id = crypto.randomUUID();
      setFiles((fs) => [...fs, { id, name: file.name, progress: 0 }]);
      const update = (patch: Partial<PendingFile>) =>
        setFiles((fs) => fs.map((f) => (f.id === id ? { ...f, ...patch } : f)));
      uploadFile(file, { uploadType: 'message-attachment', onProgress: (progress) => update({ progress }) })
        .then((up) => update({ attachment: { name: file.name, key: up.key }, progress: 100 }))
        .catch((err: unknown) => update({ error: errorMessage(err, 'The upload failed. Please try again.') }));
    }
    if (fileInput.current) fileInput.current.value = '';
  }

  return (
    <form
      className="relative border-t border-ink-200 bg-white p-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {files.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label="Attachments">
          {files.map((f) => (
            <li
              key={f.id}
              className={cn(
                'flex max-w-full items-center gap-2 rounded-lg border px-2.5 py-1.5 text-xs',
                f.error ? 'border-red-200 bg-red-50 text-red-800' : 'border-ink-200 bg-ink-50 text-ink-700',
              )}
            >
              {f.attachment || f.error ? (
                <FileText className="size-3.5 shrink-0" aria-hidden="true" />
              ) : (
                <Loader2 className="size-3.5 shrink-0 animate-spin" aria-hidden="true" />
              )}
              <span className="max-w-48 truncate">{cleanFileName(f.name)}</span>
              {!f.attachment && !f.error && <span className="tabular-nums text-ink-500">{f.progress}%</span>}
              {f.error && <span className="sr-only">: {f.error}</span>}
              <button
                type="button"
                onClick={() => setFiles((fs) => fs.filter((x) => x.id !== f.id))}
                aria-label={`Remove ${cleanFileName(f.name)}`}
                className="rounded p-0.5 hover:bg-white"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => addFiles(e.target.files)}
        />
        <Button
          variant="ghost"
          size="icon"
          aria-label="Attach files"
          title="Attach files"
          disabled={files.length >= MESSAGE_MAX_ATTACHMENTS}
          onClick={() => fileInput.current?.click()}
        >
          <Paperclip className="size-5" aria-hidden="true" />
        </Button>
        <label htmlFor={`composer-${conversationId}`} className="sr-only">
          Message to {recipientName}
        </label>
        <Textarea
          ref={textarea}
          id={`composer-${conversationId}`}
          rows={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Write a message…"
          aria-invalid={tooLong || undefined}
          aria-describedby={cn(hintId, tooLong && errorId)}
          className="max-h-[200px] min-h-10 flex-1 resize-none"
        />
        <Button
          type="submit"
          variant="dark"
          size="icon"
          aria-label="Send message"
          title="Send (Enter)"
          disabled={!canSend}
          loading={send.isPending}
        >
          {!send.isPending && <SendHorizontal className="size-5" aria-hidden="true" />}
        </Button>
      </div>
      <div className="mt-1 flex justify-between gap-2 pl-12 text-xs">
        <p id={hintId} className="hidden text-ink-500 sm:block">
          Enter to send, Shift + Enter for a new line
        </p>
        {text.length > MESSAGE_MAX_CHARS - 500 && (
          <p
            id={errorId}
            className={cn('ml-auto tabular-nums', tooLong ? 'font-medium text-red-700' : 'text-ink-500')}
            aria-live="polite"
          >
            {tooLong
              ? `Too long: ${text.length.toLocaleString('en-GB')} of ${MESSAGE_MAX_CHARS.toLocaleString('en-GB')} characters`
              : `${text.length.toLocaleString('en-GB')} / ${MESSAGE_MAX_CHARS.toLocaleString('en-GB')}`}
          </p>
        )}
      </div>
    </form>
  );
}
