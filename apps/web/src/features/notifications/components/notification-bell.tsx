import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useRealtimeEvent, useRealtimeResync } from '@/components/realtime';
import { cn } from '@/lib/cn';
import { useUnreadCount } from '../api/get-unread-count';
import { upsertNotification, type NotificationsData } from '../api/list-notifications';
import { NotificationPanel } from './notification-panel';
import { notificationKeys } from '../api/keys';

export function useUnreadNotifications(): number {
  return useUnreadCount().data ?? 0;
}

/**
 * Keeps the bell's count and list live from the realtime channel: `unread.changed` carries the new
 * total, `notification.created` the row (upserted: a collapsed notification keeps its id).
 */
function useLiveNotifications() {
  const qc = useQueryClient();
  useRealtimeEvent((e) => {
    if (e.type === 'unread.changed' && e.data.notifications !== undefined) {
      qc.setQueryData(notificationKeys.unreadCount, e.data.notifications);
    } else if (e.type === 'notification.created') {
      qc.setQueryData<NotificationsData>(notificationKeys.list, (d) => upsertNotification(d, e.data));
    }
  });
  useRealtimeResync(() => void qc.invalidateQueries({ queryKey: notificationKeys.all }));
}

/** The header bell: the unread count (live), and the notifications panel on click. */
export function NotificationBell({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  // One function for as long as the bell lives: the panel listens for Escape and outside clicks,
  // and moves focus into itself, once when it opens, not again each time the count re-renders the bell.
  const close = useCallback(() => setOpen(false), []);
  const count = useUnreadNotifications();
  useLiveNotifications();
  const shown = count > 99 ? '99+' : String(count);
  return (
    <div className={cn('relative', className)}>
      <button
        type="button"
        data-notification-trigger
        aria-label={count > 0 ? `Notifications, ${shown} unread` : 'Notifications'}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen((o) => !o)}
        className={cn(
          'relative flex size-10 items-center justify-center rounded-lg text-ink-600 hover:bg-ink-100 hover:text-ink-900',
          open && 'bg-ink-100 text-ink-900',
        )}
      >
        <Bell className="size-5" aria-hidden="true" />
        {count > 0 && (
          <span
            data-testid="unread-count"
            aria-hidden="true"
            className="absolute top-1 right-1 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-red-600 px-1 text-[0.65rem] leading-none font-bold text-white ring-2 ring-white"
          >
            {shown}
          </span>
        )}
      </button>
      {open && <NotificationPanel onClose={close} />}
    </div>
  );
}
