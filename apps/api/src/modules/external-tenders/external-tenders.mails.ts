import { formatUkDateTime } from '@brickyard/shared';
import { renderMailHtml } from '../../platform/mail/layout.ts';
import type { Template } from '../../platform/mail/templates.ts';
import { unsubscribeHeaders } from '../../platform/mail/unsubscribe.ts';

/** Where the reader turns these mails off: their settings page and the one-click link. */
export interface UnsubscribeLinks {
  url: string;
  settingsUrl: string;
}

const REASON = 'You receive this because of a saved search or a favourite in your Live Feed.';

export async function alertMail(
  name: string,
  searchName: string,
  tenders: { title: string }[],
  url: string,
  unsubscribe: UnsubscribeLinks,
): Promise<Template> {
  const n = tenders.length;
  const lines = [
    `Hello ${name},`,
    `${n} new public-sector tender${n === 1 ? '' : 's'} match your saved search “${searchName}”.`,
  ];
  const items = tenders.slice(0, 10).map((t) => t.title);
  return {
    subject: `${n} new tender${n === 1 ? '' : 's'} for “${searchName}”`,
    text: `${lines.join('\n\n')}\n\n${items.map((i) => `- ${i}`).join('\n')}\n\n${url}\n\nStop these emails: ${unsubscribe.url}\n`,
    html: await renderMailHtml({
      title: 'New tenders for your saved search',
      preview: lines[1],
      paragraphs: lines,
      items: items.map((title) => ({ title })),
      action: { label: 'Open the Live Feed', url },
      reason: REASON,
      unsubscribe,
    }),
    headers: unsubscribeHeaders(unsubscribe.url),
  };
}

export async function closingReminderMail(
  name: string,
  title: string,
  closes: Date,
  url: string,
  unsubscribe: UnsubscribeLinks,
): Promise<Template> {
  const lines = [`Hello ${name},`, `“${title}”, a tender you favourited, closes on ${formatUkDateTime(closes)}.`];
  return {
    subject: `Closing soon: ${title}`.slice(0, 200),
    text: `${lines.join('\n\n')}\n\n${url}\n\nStop these emails: ${unsubscribe.url}\n`,
    html: await renderMailHtml({
      title: 'A favourite closes within 7 days',
      preview: lines[1],
      paragraphs: lines,
      action: { label: 'View the tender', url },
      reason: REASON,
      unsubscribe,
    }),
    headers: unsubscribeHeaders(unsubscribe.url),
  };
}
