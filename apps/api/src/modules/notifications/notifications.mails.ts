import escapeHtml from 'escape-html';
import type { Mail } from '../../platform/mail/mailer.ts';
import type { QueuedEmail } from './notifications.repository.ts';

type Template = Omit<Mail, 'to'>;

interface Group {
  title: string;
  body: string;
  link: string | null;
  count: number;
}

/** Items with the same kind and link collapse into one line ("New message from … · 50 updates"). */
function groupOf(items: QueuedEmail[]): Group[] {
  const groups = new Map<string, Group>();
  for (const i of items) {
    const key = `${i.kind}\u0000${i.link ?? i.title}`;
    const g = groups.get(key);
    // Items come oldest first: the group shows the newest text.
    if (g) Object.assign(g, { title: i.title, body: i.body, count: g.count + 1 });
    else groups.set(key, { title: i.title, body: i.body, link: i.link, count: 1 });
  }
  return [...groups.values()];
}

const preview = (s: string) => (s.length > 200 ? `${s.slice(0, 199)}…` : s);

/** The notification digest: everything queued for one user, in one mail. */
export function digestMail(name: string, items: QueuedEmail[], publicUrl: string, settingsUrl: string): Template {
  const groups = groupOf(items);
  const total = items.length;
  const subject =
    groups.length === 1
      ? `${groups[0]!.title}${groups[0]!.count > 1 ? ` (${groups[0]!.count})` : ''}`.slice(0, 200)
      : `${total} new notifications on Brickyard`;
  const intro = `Hello ${name}, here is what happened on Brickyard while you were away.`;
  const urlOf = (g: Group) => (g.link ? `${publicUrl}${g.link.startsWith('/') ? '' : '/'}${g.link}` : publicUrl);
  const text = [
    intro,
    ...groups.map((g) => `- ${g.title}${g.count > 1 ? ` (${g.count})` : ''}\n  ${preview(g.body)}\n  ${urlOf(g)}`),
    `Choose which emails you get: ${settingsUrl}`,
  ].join('\n\n');
  const list = groups
    .map(
      (g) =>
        `<li style="margin:0 0 16px"><a href="${escapeHtml(urlOf(g))}" style="color:#0f172a;font-weight:600">${escapeHtml(g.title)}</a>${g.count > 1 ? ` <span style="color:#64748b">(${g.count})</span>` : ''}<br><span style="color:#334155">${escapeHtml(preview(g.body))}</span></li>`,
    )
    .join('');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(subject)}</h1><p>${escapeHtml(intro)}</p><ul style="padding-left:18px">${list}</ul><hr style="border:none;border-top:1px solid #e2e8f0;margin:32px 0 12px"><p style="font-size:12px;color:#64748b">Brickyard · the construction marketplace. <a href="${escapeHtml(settingsUrl)}">Notification settings</a></p></body></html>`;
  return { subject, text: `${text}\n`, html };
}
