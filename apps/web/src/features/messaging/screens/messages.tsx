import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { MessagesSquare, WifiOff } from 'lucide-react';
import type { Counterparty, OpenConversationBody } from '@brickyard/shared';
import { useRealtime } from '@/components/realtime';
import { Alert, PageHeader } from '@/components/ui';
import { errorMessage, isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { findConversation, useConversations } from '../api/list-conversations';
import { useMarkConversationRead } from '../api/mark-conversation-read';
import { useOpenConversation } from '../api/open-conversation';
import { ConversationList } from '../components/conversation-list';
import { MessageThread } from '../components/message-thread';
import { useLiveMessaging } from '../hooks/use-live-messaging';

/** Navigation state other screens pass to open a conversation (e.g. the catalogue item's Connect button). */
interface MessagesNavState {
  userId?: unknown;
  tenderId?: unknown;
  catalogueItemId?: unknown;
  externalTenderId?: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOr = (v: unknown) => (typeof v === 'string' && UUID.test(v) ? v : undefined);

function openBodyFrom(state: unknown): OpenConversationBody | null {
  const s = (state ?? {}) as MessagesNavState;
  const userId = uuidOr(s.userId);
  if (!userId) return null;
  // At most one subject (the API refuses more).
  const subject = uuidOr(s.tenderId)
    ? { tenderId: uuidOr(s.tenderId) }
    : uuidOr(s.catalogueItemId)
      ? { catalogueItemId: uuidOr(s.catalogueItemId) }
      : uuidOr(s.externalTenderId)
        ? { externalTenderId: uuidOr(s.externalTenderId) }
        : {};
  return { userId, ...subject };
}

/**
 * Messages (docs/product.md sections 2, 3, 7, 8): conversations with unread badges and people search on
 * the left, the open thread on the right (one pane at a time on small screens). The open
 * conversation lives in `?conversation=` (notification links point there); navigation state
 * `{ userId }` opens — or reuses — the conversation with that user.
 */
export function MessagesScreen() {
  const session = useSession();
  const me = session?.id ?? '';
  const role = session?.role === 'supplier' ? 'supplier' : 'buyer';
  const counterpartLabel = role === 'buyer' ? 'suppliers' : 'buyers';
  const [params, setParams] = useSearchParams();
  const activeId = uuidOr(params.get('conversation')) ?? null;
  const location = useLocation();
  const navigate = useNavigate();
  const list = useConversations();
  const open = useOpenConversation();
  const markRead = useMarkConversationRead();
  const { status } = useRealtime();
  const [starting, setStarting] = useState<string | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);

  useLiveMessaging(me, activeId);

  const conversations = list.data?.pages.flatMap((p) => p.data) ?? [];
  const active = findConversation(list.data, activeId);

  function select(id: string) {
    if (id === activeId) return;
    setOpenError(null);
    setParams({ conversation: id });
  }

  function startWith(body: OpenConversationBody, replace: boolean) {
    setStarting(body.userId);
    setOpenError(null);
    open.mutate(body, {
      onSuccess: (c) => void navigate({ search: `?conversation=${c.id}` }, { replace, state: null }),
      onError: (err) =>
        setOpenError(
          isApiError(err) && err.status === 404
            ? 'This account cannot be messaged. It may be awaiting approval or no longer active.'
            : errorMessage(err, 'We could not open the conversation. Please try again.'),
        ),
      onSettled: () => setStarting(null),
    });
  }

  // Arriving with { userId } in navigation state: open (or reuse) that conversation once.
  const handledKey = useRef<string | null>(null);
  useEffect(() => {
    const body = openBodyFrom(location.state);
    if (!body || handledKey.current === location.key) return;
    handledKey.current = location.key;
    startWith(body, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per navigation
  }, [location.key, location.state]);

  // Opening a thread marks what was sent to me read (PUT /api/{id}/read), and so does anything
  // that arrives while it is open and the tab is visible.
  const markedFor = useRef<string | null>(null);
  const unreadHere = active?.unreadCount ?? 0;
  useEffect(() => {
    if (!activeId) {
      markedFor.current = null;
      return;
    }
    const firstOpen = markedFor.current !== activeId;
    if ((firstOpen || unreadHere > 0) && document.visibilityState === 'visible') {
      markedFor.current = activeId;
      markRead.mutate(activeId);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- markRead is stable enough; reruns on id/unread
  }, [activeId, unreadHere]);

  const totalUnread = conversations.reduce((n, c) => n + c.unreadCount, 0);

  return (
    <>
      {/* On small screens an open thread takes the whole height: its own header names the other party. */}
      <div className={cn(activeId && 'hidden lg:block')}>
        <PageHeader
          title="Messages"
          description={`Talk to ${counterpartLabel} directly. New messages arrive instantly.`}
          className="mb-4"
          actions={
            totalUnread > 0 ? (
              <span
                className="rounded-full bg-red-50 px-3 py-1 text-sm font-semibold text-red-700 ring-1 ring-red-200"
                data-testid="messages-unread-total"
              >
                {totalUnread} unread
              </span>
            ) : undefined
          }
        />
      </div>
      {status === 'down' && (
        <p className="mb-3 flex items-center gap-2 text-sm text-amber-800" role="status">
          <WifiOff className="size-4" aria-hidden="true" />
          Live updates are reconnecting; new messages are checked every few seconds meanwhile.
        </p>
      )}
      {openError && (
        <Alert tone="danger" live className="mb-3">
          {openError}
        </Alert>
      )}
      <div
        className={cn(
          'flex min-h-[24rem] overflow-hidden rounded-xl border border-ink-200 bg-white shadow-card lg:h-[calc(100dvh-15rem)]',
          activeId ? 'h-[calc(100dvh-8rem)]' : 'h-[calc(100dvh-14rem)]',
        )}
      >
        <aside
          aria-label="Conversations"
          className={cn(
            'w-full min-w-0 border-ink-200 lg:block lg:w-80 lg:shrink-0 lg:border-r xl:w-96',
            activeId ? 'hidden' : 'block',
          )}
        >
          <ConversationList
            me={me}
            conversations={conversations}
            activeId={activeId}
            onSelect={select}
            onStart={(p: Counterparty) => startWith({ userId: p.id }, false)}
            starting={starting}
            loading={list.isPending}
            error={list.isError}
            onRetry={() => void list.refetch()}
            hasMore={!!list.hasNextPage}
            loadingMore={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            counterpartLabel={counterpartLabel}
          />
        </aside>
        <section aria-label="Conversation" className={cn('min-w-0 flex-1 lg:block', activeId ? 'block' : 'hidden')}>
          {activeId ? (
            <MessageThread
              key={activeId}
              conversationId={activeId}
              conversation={active}
              me={me}
              role={role}
              onBack={() => setParams({})}
            />
          ) : (
            <div className="flex h-full flex-col items-center justify-center gap-3 bg-ink-50 px-6 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-white text-brand-600 shadow-card ring-1 ring-ink-200">
                <MessagesSquare className="size-6" aria-hidden="true" />
              </span>
              <p className="text-base font-semibold text-ink-900">
                {starting
                  ? 'Opening the conversation…'
                  : conversations.length
                    ? 'Choose a conversation'
                    : 'No conversations yet'}
              </p>
              <p className="max-w-sm text-sm text-ink-500">
                {conversations.length
                  ? 'Pick one on the left, or search for someone to start a new one.'
                  : `Search for ${counterpartLabel} by name or company to start a conversation, or use Connect on a match.`}
              </p>
            </div>
          )}
        </section>
      </div>
    </>
  );
}
