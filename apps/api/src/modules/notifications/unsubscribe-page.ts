import escapeHtml from 'escape-html';
import type { UnsubscribeResult } from '@brickyard/shared';

/**
 * The small HTML pages of the mailed unsubscribe link, served by the API because mail apps open
 * the link without the web app's session. GET never changes anything (mail scanners follow links);
 * the button POSTs, as RFC 8058 one-click clients do.
 */
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Brickyard</title></head>` +
  `<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;max-width:560px;margin:40px auto;padding:0 16px;line-height:1.5"><p style="color:#d97706;font-weight:700">Brickyard</p><h1 style="font-size:22px">${escapeHtml(title)}</h1>${body}</body></html>`;

const list = (labels: string[]) => `<ul>${labels.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`;

export function confirmUnsubscribePage(info: UnsubscribeResult, token: string, publicUrl: string): string {
  return page(
    'Stop these emails?',
    `<p>You will no longer get emails about:</p>${list(info.labels)}<p>You will still see them in the app.</p>` +
      `<form method="post" action="/api/notifications/unsubscribe?token=${escapeHtml(encodeURIComponent(token))}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
      `<button type="submit" style="background:#d97706;color:#fff;border:0;border-radius:6px;padding:12px 20px;font-weight:600;font-size:15px">Unsubscribe</button></form>` +
      `<p><a href="${escapeHtml(publicUrl + info.settingsPath)}">Choose in your notification settings instead</a></p>`,
  );
}

export function unsubscribedPage(info: UnsubscribeResult, publicUrl: string): string {
  return page(
    'You are unsubscribed',
    `<p>We will no longer email you about:</p>${list(info.labels)}<p>You can turn them back on at any time in <a href="${escapeHtml(publicUrl + info.settingsPath)}">your notification settings</a>.</p>`,
  );
}

export function invalidLinkPage(publicUrl: string): string {
  return page(
    'This link is not valid',
    `<p>This unsubscribe link is damaged or no longer belongs to an account. Sign in and choose your emails in your <a href="${escapeHtml(publicUrl)}/login">notification settings</a>.</p>`,
  );
}
