import { format, isSameYear, isToday, isYesterday } from 'date-fns';

function valid(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Time of a message: 14:05. */
export function messageTime(iso: string): string {
  const d = valid(iso);
  return d ? format(d, 'HH:mm') : '';
}

/** A day separator in a thread: Today, Yesterday, or Mon 03 Nov 2026. */
export function dayLabel(iso: string): string {
  const d = valid(iso);
  if (!d) return '';
  if (isToday(d)) return 'Today';
  if (isYesterday(d)) return 'Yesterday';
  return format(d, 'EEEE, dd MMM yyyy');
}

export function dayKey(iso: string): string {
  const d = valid(iso);
  return d ? format(d, 'yyyy-MM-dd') : '';
}

/** When a conversation was last active, in the list: 14:05, Yesterday, 03 Nov, 03 Nov 2025. */
export function listTime(iso: string | null | undefined): string {
  const d = valid(iso);
  if (!d) return '';
  if (isToday(d)) return format(d, 'HH:mm');
  if (isYesterday(d)) return 'Yesterday';
  return isSameYear(d, new Date()) ? format(d, 'dd MMM') : format(d, 'dd MMM yyyy');
}
