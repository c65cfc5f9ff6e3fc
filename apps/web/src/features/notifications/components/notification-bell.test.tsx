import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { notificationKeys } from '../api/keys';
import { NotificationBell } from './notification-bell';

afterEach(() => vi.unstubAllGlobals());

const notice = (id: string, title: string) => ({
  id,
  kind: 'message',
  title,
  body: 'About your tender',
  link: null,
  read: false,
  createdAt: new Date().toISOString(),
});

/** The server as the bell and its panel read it: two unread notifications. */
function answerNotifications() {
  const json = (body: unknown) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  const fetchMock: typeof fetch = (input) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url.includes('/api/notifications/unread-count')) return json({ count: 2 });
    return json({
      data: [
        notice('0b6f8d5e-6a55-4c1e-9a43-4f1d2a6c9e01', 'New message from Pennine Steel'),
        notice('0b6f8d5e-6a55-4c1e-9a43-4f1d2a6c9e02', 'New message from Harbour Timber'),
      ],
      meta: { page: 1, pageSize: 20, total: 2 },
    });
  };
  vi.stubGlobal('fetch', fetchMock);
}

describe('NotificationBell (docs/product.md section 2, the header bell)', () => {
  it('moves focus into the panel when it opens, and leaves it where the user put it when the count changes', async () => {
    answerNotifications();
    const { user, client } = renderApp(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(document.activeElement).toBe(panel);

    const [item] = await screen.findAllByRole('button', { name: /^New message from Harbour Timber/ });
    if (!item) throw new Error('no notification');
    item.focus();
    // a new notification arrives while the user reads the list: the bell shows it
    await act(async () => {
      client.setQueryData(notificationKeys.unreadCount, 3);
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    expect(document.activeElement).toBe(item);

    // Escape closes the panel and gives focus back to the bell
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Notifications, 3 unread' }));
  });
});

describe('Mark all as read (docs/product.md section 2, the header bell)', () => {
  it('keeps the items read when a read of the list started before the click answers after it', async () => {
    let serverRead = false;
    let holdNextList = false;
    let releaseList: () => void = () => undefined;
    let releasePut: () => void = () => undefined;
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    const list = () =>
      json({
        data: [
          { ...notice('0b6f8d5e-6a55-4c1e-9a43-4f1d2a6c9e01', 'New message from Pennine Steel'), read: serverRead },
          { ...notice('0b6f8d5e-6a55-4c1e-9a43-4f1d2a6c9e02', 'New message from Harbour Timber'), read: serverRead },
        ],
        meta: { page: 1, pageSize: 20, total: 2 },
      });
    const fetchMock: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
      if (url.includes('/read-all') && method === 'PUT') {
        await new Promise<void>((resolve) => (releasePut = resolve));
        serverRead = true;
        return json({ data: { updated: 2 } });
      }
      if (url.includes('/api/notifications/unread-count')) return json({ count: serverRead ? 0 : 2 });
      if (holdNextList) {
        holdNextList = false;
        // read now, answered later: what the server held before the click
        const stale = list();
        await new Promise<void>((resolve) => (releaseList = resolve));
        return stale;
      }
      return list();
    };
    vi.stubGlobal('fetch', fetchMock);
    const { user, client } = renderApp(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(panel.textContent).toContain('(unread)'));

    // a read of the list starts (a realtime resync, the poll) and has not answered yet
    holdNextList = true;
    await act(async () => {
      void client.invalidateQueries({ queryKey: notificationKeys.list });
    });
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(panel.textContent).not.toContain('(unread)'));
    await act(async () => releaseList());
    await new Promise((r) => setTimeout(r, 50));
    expect(panel.textContent).not.toContain('(unread)');

    await act(async () => releasePut());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy());
    expect(panel.textContent).not.toContain('(unread)');
  });
});
