import { Fragment, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Check, CheckCheck, Download, MessagesSquare } from 'lucide-react';
import type { Conversation, Message } from '@brickyard/shared';
import { Badge, Button, Spinner } from '@/components/ui';
import { isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { downloadFile, fileDisplayName } from '@/lib/download';
import { flattenMessages, useMessages } from '../api/list-messages';
import { Avatar } from './avatar';
import { dayKey, dayLabel, messageTime } from './format';
import { MessageComposer } from './message-composer';

function Attachments({ message, mine }: { message: Message; mine: boolean }) {
  if (message.attachments.length === 0) return null;
  return (
    <ul className="mt-1.5 space-y-1" aria-label="Attached files">
      {message.attachments.map((a) => {
        const name = fileDisplayName(a.key, a.name);
        return (
          <li key={a.key}>
            <button
              type="button"
              onClick={() => void downloadFile(a.key, a.name)}
              className={cn(
                'flex max-w-full items-center gap-2 rounded-lg px-2.5 py-1.5 text-left text-sm',
                mine ? 'bg-white/10 hover:bg-white/20' : 'bg-ink-50 ring-1 ring-ink-200 hover:bg-ink-100',
              )}
            >
              <Download className="size-4 shrink-0" aria-hidden="true" />
              <span className="truncate">{name}</span>
              <span className="sr-only">(download)</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function Bubble({ message, mine }: { message: Message; mine: boolean }) {
  return (
    <li
      className={cn('flex', mine ? 'justify-end' : 'justify-start')}
      data-message={message.id}
      data-mine={mine || undefined}
    >
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%]',
          mine ? 'rounded-br-md bg-ink-900 text-white' : 'rounded-bl-md bg-white text-ink-900 ring-1 ring-ink-200',
        )}
      >
        {message.text && (
          <p className="text-sm leading-relaxed break-words whitespace-pre-wrap" data-testid="message-text">
            {message.text}
          </p>
        )}
        <Attachments message={message} mine={mine} />
        <p
          className={cn(
            'mt-1 flex items-center justify-end gap-1 text-[0.7rem]',
            mine ? 'text-ink-300' : 'text-ink-500',
          )}
        >
          <time dateTime={message.createdAt}>{messageTime(message.createdAt)}</time>
          {mine &&
            (message.read ? (
              <span data-testid="read-tick" className="flex items-center text-brand-400" title="Read">
                <CheckCheck className="size-3.5" aria-hidden="true" />
                <span className="sr-only">Read</span>
              </span>
            ) : (
              <span data-testid="sent-tick" className="flex items-center" title="Sent">
                <Check className="size-3.5" aria-hidden="true" />
                <span className="sr-only">Sent</span>
              </span>
            ))}
        </p>
      </div>
    </li>
  );
}

interface MessageThreadProps {
  conversationId: string;
  conversation: Conversation | undefined;
  me: string;
  role: 'buyer' | 'supplier';
  onBack: () => void;
}

/** One conversation: the other party, messages by day with read ticks, older pages on demand, and the composer. */
export function MessageThread({ conversationId, conversation, me, role, onBack }: MessageThreadProps) {
  const q = useMessages(conversationId);
  const messages = flattenMessages(q.data);
  const scroller = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1];
  const snapshot = useRef<{ lastId?: string; firstId?: string; height: number; top: number }>({ height: 0, top: 0 });

  // Keep the view where the reader expects it: at the bottom when a message arrives (if they were
  // near it, or sent it), and in place when older messages are loaded above.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const prev = snapshot.current;
    const firstId = messages[0]?.id;
    if (prev.lastId === undefined) {
      el.scrollTop = el.scrollHeight;
    } else if (last?.id !== prev.lastId) {
      const nearBottom = prev.height - prev.top - el.clientHeight < 160;
      if (nearBottom || last?.senderId === me) el.scrollTop = el.scrollHeight;
    } else if (firstId !== prev.firstId) {
      el.scrollTop = prev.top + (el.scrollHeight - prev.height);
    }
    snapshot.current = { lastId: last?.id, firstId, height: el.scrollHeight, top: el.scrollTop };
  });

  const other = conversation?.otherParty;
  const gone = q.isError && isApiError(q.error) && q.error.status === 404;
  const profilePath = `/${role}/profile`;

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-3 border-b border-ink-200 bg-white px-3 py-2.5 sm:px-4">
        <Button
          variant="ghost"
          size="icon"
          className="-ml-1 lg:hidden"
          aria-label="Back to conversations"
          onClick={onBack}
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Button>
        {other ? (
          <>
            <Avatar name={other.name} role={other.role} />
            <div className="min-w-0 flex-1">
              <h2 className="truncate text-base font-semibold text-ink-900">{other.name}</h2>
              <p className="truncate text-sm text-ink-500">{other.companyName}</p>
            </div>
            <span className="hidden sm:block">
              <Badge tone={other.role === 'supplier' ? 'brand' : 'info'} className="capitalize">
                {other.role}
              </Badge>
            </span>
            <Link
              to={profilePath}
              state={{ userId: other.id }}
              className="hidden shrink-0 text-sm font-semibold text-brand-700 hover:underline sm:block"
            >
              View profile
            </Link>
          </>
        ) : (
          <h2 className="flex-1 text-base font-semibold text-ink-900">Conversation</h2>
        )}
      </div>

      <div
        ref={scroller}
        onScroll={(e) => {
          snapshot.current.top = e.currentTarget.scrollTop;
          snapshot.current.height = e.currentTarget.scrollHeight;
        }}
        className="relative min-h-0 flex-1 overflow-y-auto bg-ink-50 px-3 py-4 sm:px-5"
        aria-busy={q.isPending || undefined}
      >
        {q.isPending ? (
          <div className="flex h-full items-center justify-center text-ink-500">
            <Spinner label="Loading messages" />
          </div>
        ) : q.isError ? (
          gone ? (
            <div className="flex h-full flex-col items-center justify-center gap-3 text-center text-sm text-ink-600">
              <p>This conversation does not exist, or it is not one of yours.</p>
              <Button variant="secondary" size="sm" onClick={onBack}>
                Back to conversations
              </Button>
            </div>
          ) : (
            <div className="flex h-full flex-col items-center justify-center gap-3 text-center text-sm text-ink-600">
              <p>We could not load this conversation.</p>
              <Button variant="secondary" size="sm" onClick={() => void q.refetch()}>
                Try again
              </Button>
            </div>
          )
        ) : messages.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 px-6 text-center">
            <MessagesSquare className="size-8 text-ink-300" aria-hidden="true" />
            <p className="text-sm font-semibold text-ink-900">Say hello{other ? ` to ${other.name}` : ''}</p>
            <p className="max-w-sm text-sm text-ink-500">
              Introduce your company and what you need. Messages are delivered instantly.
            </p>
          </div>
        ) : (
          <>
            {q.hasNextPage && (
              <div className="mb-3 text-center">
                <Button
                  variant="secondary"
                  size="sm"
                  loading={q.isFetchingNextPage}
                  onClick={() => void q.fetchNextPage()}
                >
                  Load earlier messages
                </Button>
              </div>
            )}
            <ol
              aria-label={other ? `Messages with ${other.name}` : 'Messages'}
              className="space-y-2"
              aria-live="polite"
              aria-relevant="additions"
            >
              {messages.map((m, i) => {
                const newDay = i === 0 || dayKey(m.createdAt) !== dayKey(messages[i - 1]!.createdAt);
                return (
                  <Fragment key={m.id}>
                    {newDay && (
                      // a list item holding the separator: a list may contain only list items
                      <li data-testid="day-separator">
                        <div
                          role="separator"
                          aria-label={dayLabel(m.createdAt)}
                          className="flex items-center gap-3 py-2"
                        >
                          <span className="h-px flex-1 bg-ink-200" aria-hidden="true" />
                          <span className="rounded-full bg-white px-3 py-0.5 text-xs font-medium text-ink-500 ring-1 ring-ink-200">
                            {dayLabel(m.createdAt)}
                          </span>
                          <span className="h-px flex-1 bg-ink-200" aria-hidden="true" />
                        </div>
                      </li>
                    )}
                    <Bubble message={m} mine={m.senderId === me} />
                  </Fragment>
                );
              })}
            </ol>
          </>
        )}
      </div>

      {!gone && (
        <MessageComposer
          key={conversationId}
          conversationId={conversationId}
          role={role}
          recipientName={other?.name ?? 'this conversation'}
        />
      )}
    </div>
  );
}
