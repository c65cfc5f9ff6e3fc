import { useMemo, useState } from 'react';
import { Paperclip, Search, UserPlus, X } from 'lucide-react';
import type { Conversation, Counterparty } from '@brickyard/shared';
import { Button, Input, Spinner } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { USER_SEARCH_MIN_CHARS, useUserSearch } from '../api/search-users';
import { Avatar } from './avatar';
import { listTime } from './format';

function preview(c: Conversation, me: string): string {
  const m = c.lastMessage;
  if (!m) return 'No messages yet';
  const text = m.text.trim().replace(/\s+/g, ' ');
  const body = text || (m.attachments.length === 1 ? 'Sent a file' : `Sent ${m.attachments.length} files`);
  return m.senderId === me ? `You: ${body}` : body;
}

const matches = (c: Counterparty, term: string) =>
  c.name.toLowerCase().includes(term) || c.companyName.toLowerCase().includes(term);

interface ConversationListProps {
  me: string;
  conversations: Conversation[];
  activeId: string | null;
  onSelect: (id: string) => void;
  onStart: (person: Counterparty) => void;
  starting: string | null;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  counterpartLabel: string;
}

/** Conversations with unread badges, a filter over them, and people search to start a new one. */
export function ConversationList(props: ConversationListProps) {
  const { me, conversations, activeId, onSelect, onStart, starting, counterpartLabel } = props;
  const [q, setQ] = useState('');
  const term = q.trim().toLowerCase();
  const debounced = useDebouncedValue(q, 250);
  const search = useUserSearch(debounced);

  const shown = useMemo(
    () => (term ? conversations.filter((c) => matches(c.otherParty, term)) : conversations),
    [conversations, term],
  );
  const existing = useMemo(() => new Set(conversations.map((c) => c.otherParty.id)), [conversations]);
  const people = (search.data?.data ?? []).filter((p) => !existing.has(p.id));
  const searching = term.length >= USER_SEARCH_MIN_CHARS;

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="border-b border-ink-100 p-3">
        <label htmlFor="conversation-search" className="sr-only">
          Search conversations or find {counterpartLabel}
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-500"
            aria-hidden="true"
          />
          <Input
            id="conversation-search"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={`Search or find ${counterpartLabel}`}
            className="pr-9 pl-9"
            autoComplete="off"
          />
          {q && (
            <button
              type="button"
              onClick={() => setQ('')}
              aria-label="Clear search"
              className="absolute top-1/2 right-2 flex size-6 -translate-y-1/2 items-center justify-center rounded text-ink-500 hover:text-ink-700"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          )}
        </div>
        {term.length === 1 && (
          <p className="mt-1.5 text-xs text-ink-500">Type at least 2 characters to find {counterpartLabel}.</p>
        )}
      </div>

      <div className="relative min-h-0 flex-1 overflow-y-auto">
        {props.loading ? (
          <div className="flex justify-center py-10 text-ink-500">
            <Spinner label="Loading conversations" />
          </div>
        ) : props.error ? (
          <div className="flex flex-col items-center gap-3 px-4 py-10 text-center text-sm text-ink-600">
            <p>We could not load your conversations.</p>
            <Button variant="secondary" size="sm" onClick={props.onRetry}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            {shown.length > 0 ? (
              <ul aria-label="Conversations" className="divide-y divide-ink-100">
                {shown.map((c) => {
                  const active = c.id === activeId;
                  const unread = c.unreadCount;
                  return (
                    <li key={c.id}>
                      <button
                        type="button"
                        onClick={() => onSelect(c.id)}
                        aria-current={active ? 'true' : undefined}
                        data-conversation={c.id}
                        className={cn(
                          'flex w-full items-center gap-3 px-3 py-3 text-left transition-colors hover:bg-ink-50 focus-visible:bg-ink-50 focus-visible:outline-none',
                          active && 'bg-brand-50 hover:bg-brand-50',
                        )}
                      >
                        <Avatar name={c.otherParty.name} role={c.otherParty.role} />
                        <span className="min-w-0 flex-1">
                          <span className="flex items-baseline gap-2">
                            <span
                              className={cn(
                                'flex-1 truncate text-sm text-ink-900',
                                unread > 0 ? 'font-bold' : 'font-semibold',
                              )}
                            >
                              {c.otherParty.name}
                            </span>
                            <span
                              className={cn(
                                'shrink-0 text-xs',
                                unread > 0 ? 'font-semibold text-brand-800' : 'text-ink-500',
                              )}
                            >
                              {listTime(c.lastMessageAt ?? c.createdAt)}
                            </span>
                          </span>
                          <span className="block truncate text-xs text-ink-500">{c.otherParty.companyName}</span>
                          <span className="mt-0.5 flex items-center gap-2">
                            <span
                              className={cn(
                                'flex min-w-0 flex-1 items-center gap-1 truncate text-sm',
                                unread > 0 ? 'font-medium text-ink-900' : 'text-ink-500',
                              )}
                            >
                              {c.lastMessage && c.lastMessage.attachments.length > 0 && (
                                <Paperclip className="size-3.5 shrink-0" aria-hidden="true" />
                              )}
                              <span className="truncate">{preview(c, me)}</span>
                            </span>
                            {unread > 0 && (
                              <span
                                data-testid="conversation-unread"
                                className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white"
                              >
                                {unread > 99 ? '99+' : unread}
                                <span className="sr-only"> unread</span>
                              </span>
                            )}
                          </span>
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            ) : !term ? (
              <div className="px-5 py-10 text-center">
                <p className="text-sm font-semibold text-ink-900">No conversations yet</p>
                <p className="mt-1 text-sm text-ink-500">Search above to find {counterpartLabel} and start one.</p>
              </div>
            ) : !searching ? null : (
              <p className="px-4 pt-4 text-sm text-ink-500">No conversations match “{q.trim()}”.</p>
            )}
            {props.hasMore && !term && (
              <div className="p-3 text-center">
                <Button variant="ghost" size="sm" loading={props.loadingMore} onClick={props.onLoadMore}>
                  Show older conversations
                </Button>
              </div>
            )}

            {searching && (
              <section aria-labelledby="start-new-heading" className="border-t border-ink-100">
                <h3
                  id="start-new-heading"
                  className="px-4 pt-4 pb-1 text-xs font-semibold tracking-wide text-ink-500 uppercase"
                >
                  Start a new conversation
                </h3>
                {search.isPending || (search.isFetching && people.length === 0) ? (
                  <div className="flex justify-center py-4 text-ink-500">
                    <Spinner label={`Searching ${counterpartLabel}`} />
                  </div>
                ) : search.isError ? (
                  <p className="px-4 py-3 text-sm text-red-700">We could not search right now. Please try again.</p>
                ) : people.length === 0 ? (
                  <p className="px-4 py-3 text-sm text-ink-500">
                    No other {counterpartLabel} match “{debounced.trim()}”.
                  </p>
                ) : (
                  <ul aria-label="People" className="pb-2">
                    {people.map((p) => (
                      <li key={p.id}>
                        <button
                          type="button"
                          onClick={() => {
                            onStart(p);
                            setQ('');
                          }}
                          disabled={starting !== null}
                          className="flex w-full items-center gap-3 px-3 py-2.5 text-left hover:bg-ink-50 disabled:opacity-60"
                        >
                          <Avatar name={p.name} role={p.role} className="size-9" />
                          <span className="min-w-0 flex-1">
                            <span className="block truncate text-sm font-semibold text-ink-900">{p.name}</span>
                            <span className="block truncate text-xs text-ink-500">{p.companyName}</span>
                          </span>
                          {starting === p.id ? (
                            <Spinner label="Opening conversation" className="text-ink-500" />
                          ) : (
                            <UserPlus className="size-4 text-ink-500" aria-hidden="true" />
                          )}
                          <span className="sr-only">Message {p.name}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            )}
          </>
        )}
      </div>
    </div>
  );
}
