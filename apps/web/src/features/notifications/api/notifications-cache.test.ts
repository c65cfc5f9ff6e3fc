import { describe, expect, it } from 'vitest';
import type { Notification } from '@brickyard/shared';
import { upsertNotification, type NotificationsData } from './notifications-cache';

const n = (id: string, title: string, read = false): Notification => ({
  id: `00000000-0000-4000-8000-${id.padStart(12, '0')}`,
  kind: 'new_message',
  title,
  body: '',
  link: '/supplier/messages',
  read,
  createdAt: '2026-11-01T09:00:00.000Z',
});

describe('notifications cache (the bell panel, live)', () => {
  it('puts a new notification first and counts it', () => {
    const data: NotificationsData = {
      pages: [{ data: [n('1', 'old', true)], meta: { page: 1, pageSize: 20, total: 1 } }],
      pageParams: [1],
    };
    const next = upsertNotification(data, n('2', 'new'));
    expect(next!.pages[0]!.data.map((x) => x.title)).toEqual(['new', 'old']);
    expect(next!.pages[0]!.meta.total).toBe(2);
  });

  it('updates a collapsed notification in place (same id) and moves it to the top', () => {
    const data: NotificationsData = {
      pages: [{ data: [n('1', 'other'), n('2', '1 message')], meta: { page: 1, pageSize: 20, total: 2 } }],
      pageParams: [1],
    };
    const next = upsertNotification(data, n('2', '2 messages'));
    expect(next!.pages[0]!.data.map((x) => x.title)).toEqual(['2 messages', 'other']);
    expect(next!.pages[0]!.meta.total).toBe(2);
  });

  it('leaves an unloaded list alone (it is fetched when the panel opens)', () => {
    expect(upsertNotification(undefined, n('1', 'x'))).toBeUndefined();
  });
});
