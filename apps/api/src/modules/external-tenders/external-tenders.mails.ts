import escapeHtml from 'escape-html';
import { formatUkDateTime } from '@brickyard/shared';
import type { Mail } from '../../platform/mail/mailer.ts';

type Template = Omit<Mail, 'to'>;

function layout(title: string, paragraphs: string[], items: string[], action: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const list = items.length ? `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>` : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${list}<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#d97706;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><hr style="border:none;border-top:1px solid #e2e8f0;margin:32px 0 12px"><p style="font-size:12px;color:#64748b">Brickyard · the construction marketplace. You receive this because of a saved search or a favourite in your Live Feed.</p></body></html>`;
}

export function alertMail(name: string, searchName: string, tenders: { title: string }[], url: string): Template {
  const n = tenders.length;
  const lines = [`Hello ${name},`, `${n} new public-sector tender${n === 1 ? '' : 's'} match your saved search “${searchName}”.`];
  const items = tenders.slice(0, 10).map((t) => t.title);
  return {
    subject: `${n} new tender${n === 1 ? '' : 's'} for “${searchName}”`,
    text: `${lines.join('\n\n')}\n\n${items.map((i) => `- ${i}`).join('\n')}\n\n${url}\n`,
    html: layout('New tenders for your saved search', lines, items, { label: 'Open the Live Feed', url }),
  };
}

export function closingReminderMail(name: string, title: string, closes: Date, url: string): Template {
  const lines = [`Hello ${name},`, `“${title}”, a tender you favourited, closes on ${formatUkDateTime(closes)}.`];
  return {
    subject: `Closing soon: ${title}`.slice(0, 200),
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: layout('A favourite closes within 7 days', lines, [], { label: 'View the tender', url }),
  };
}
