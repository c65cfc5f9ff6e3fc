import { renderMailHtml } from '../../platform/mail/layout.ts';
import type { Template } from '../../platform/mail/templates.ts';
import { unsubscribeHeaders } from '../../platform/mail/unsubscribe.ts';
import type { QueuedEmail } from './notifications.repository.ts';

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
export async function digestMail(
  name: string,
  items: QueuedEmail[],
  publicUrl: string,
  settingsUrl: string,
  unsubscribeUrl: string,
): Promise<Template> {
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
    `Stop these emails: ${unsubscribeUrl}`,
  ].join('\n\n');
  const html = await renderMailHtml({
    title: subject,
    preview: groups[0] ? preview(groups[0].body) : intro,
    paragraphs: [intro],
    items: groups.map((g) => ({
      title: g.title,
      url: urlOf(g),
      note: g.count > 1 ? `(${g.count})` : undefined,
      detail: preview(g.body),
    })),
    reason: 'You receive this digest for notifications you have not read in the app.',
    unsubscribe: { url: unsubscribeUrl, settingsUrl },
  });
  return { subject, text: `${text}\n`, html, headers: unsubscribeHeaders(unsubscribeUrl) };
}
