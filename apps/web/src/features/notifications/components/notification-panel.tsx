import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { formatDistanceToNow } from 'date-fns';
import {
  Bell,
  BellOff,
  Check,
  CheckCheck,
  FileSignature,
  MessageSquare,
  Radio,
  Sparkles,
  Target,
  UserCheck,
  type LucideIcon,
} from 'lucide-react';
import type { Notification } from '@brickyard/shared';
import { Button, Spinner } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useNotifications } from '../api/list-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';

const KIND_ICONS: Record<string, LucideIcon> = {
  new_message: MessageSquare,
  account_approved: UserCheck,
  new_strong_match: Target,
  contract_created: FileSignature,
  contract_changed: FileSignature,
  tender_completed: CheckCheck,
  bid_assist_status: Sparkles,
  external_tender_alert: Radio,
  external_tender_closing: Radio,
};

function when(iso: string) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : formatDistanceToNow(d, { addSuffix: true });
}

/** The list behind the bell: open an item to mark it read and follow its link; mark one or all read. */
export function NotificationPanel({ onClose, className }: { onClose: () => void; className?: string }) {
  const navigate = useNavigate();
  const list = useNotifications(true);
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const ref = useRef<HTMLDivElement>(null);

  // Focus moves into the panel when it opens, and only then: a user tabbing through the
  // notifications keeps their place when a new one arrives.
  useEffect(() => {
    ref.current?.focus();
  }, []);

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.key === 'Escape') {
        onClose();
        document.querySelector<HTMLElement>('[data-notification-trigger]:not([hidden])')?.focus();
      }
    }
    function onDown(e: MouseEvent) {
      const target = e.target as Node;
      if (
        ref.current &&
        !ref.current.contains(target) &&
        !(target as Element).closest?.('[data-notification-trigger]')
      ) {
        onClose();
      }
    }
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [onClose]);

  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  const unread = items.some((n) => !n.read);

  function open(n: Notification) {
    if (!n.read) markOne.mutate(n.id);
    if (n.link && n.link.startsWith('/') && !n.link.startsWith('//')) {
      onClose();
      void navigate(n.link);
    }
  }

  return (
    <div
      ref={ref}
      role="dialog"
      aria-label="Notifications"
      tabIndex={-1}
      className={cn(
        'absolute top-full right-0 z-40 mt-2 w-[min(24rem,calc(100vw-1.5rem))] overflow-hidden rounded-xl border border-ink-200 bg-white shadow-pop outline-none',
        className,
      )}
    >
      <div className="flex items-center justify-between gap-2 border-b border-ink-100 px-4 py-3">
        <h2 className="text-sm font-semibold text-ink-900">Notifications</h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={!unread}
          loading={markAll.isPending}
          leftIcon={<CheckCheck className="size-4" aria-hidden="true" />}
          onClick={() => markAll.mutate()}
        >
          Mark all as read
        </Button>
      </div>
      <div className="relative max-h-[min(28rem,70vh)] overflow-y-auto">
        {list.isPending ? (
          <div className="flex justify-center py-8 text-ink-400">
            <Spinner label="Loading notifications" />
          </div>
        ) : list.isError ? (
          <div className="flex flex-col items-center gap-3 px-4 py-6 text-center text-sm text-ink-500">
            <p>We could not load your notifications.</p>
            <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-10 text-center text-sm text-ink-500">
            <BellOff className="size-6 text-ink-300" aria-hidden="true" />
            You are all caught up.
          </div>
        ) : (
          <>
            <ul className="divide-y divide-ink-100" aria-label="Notifications list">
              {items.map((n) => {
                const Icon = KIND_ICONS[n.kind] ?? Bell;
                return (
                  <li
                    key={n.id}
                    className={cn('group relative flex', !n.read && 'bg-brand-50/60')}
                    data-unread={!n.read || undefined}
                  >
                    <button
                      type="button"
                      onClick={() => open(n)}
                      className="flex min-w-0 flex-1 gap-3 py-3 pr-2 pl-4 text-left hover:bg-ink-50 focus-visible:bg-ink-50 focus-visible:outline-none"
                    >
                      <span
                        className={cn(
                          'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full',
                          n.read ? 'bg-ink-100 text-ink-500' : 'bg-brand-100 text-brand-800',
                        )}
                        aria-hidden="true"
                      >
                        <Icon className="size-4" />
                      </span>
                      <span className="min-w-0">
                        <span className={cn('block text-sm text-ink-900', n.read ? 'font-normal' : 'font-semibold')}>
                          {n.title}
                          {!n.read && <span className="sr-only"> (unread)</span>}
                        </span>
                        {n.body && (
                          <span className="mt-0.5 line-clamp-2 block text-sm break-words text-ink-600">{n.body}</span>
                        )}
                        <span className="mt-1 block text-xs text-ink-500">{when(n.createdAt)}</span>
                      </span>
                    </button>
                    {!n.read && (
                      <button
                        type="button"
                        onClick={() => markOne.mutate(n.id)}
                        aria-label={`Mark “${n.title}” as read`}
                        title="Mark as read"
                        className="m-2 flex size-8 shrink-0 items-center justify-center self-start rounded-md text-ink-500 hover:bg-white hover:text-ink-900"
                      >
                        <Check className="size-4" aria-hidden="true" />
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
            {list.hasNextPage && (
              <div className="border-t border-ink-100 p-2 text-center">
                <Button
                  variant="ghost"
                  size="sm"
                  loading={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  Show older notifications
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
