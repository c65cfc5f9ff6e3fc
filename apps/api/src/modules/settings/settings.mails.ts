import escapeHtml from 'escape-html';
import type { Mail } from '../../platform/mail/mailer.ts';

type Template = Omit<Mail, 'to'>;

function html(title: string, lines: string[], link?: { label: string; url: string }): string {
  const body = lines.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link.url)}" style="background:#d97706;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(link.label)}</a></p><p style="font-size:12px;color:#64748b">Or paste this link into your browser: ${escapeHtml(link.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}<hr style="border:none;border-top:1px solid #e2e8f0;margin:32px 0 12px"><p style="font-size:12px;color:#64748b">Brickyard · the construction marketplace</p></body></html>`;
}

/** To the new address: confirm it before it replaces the sign-in email. */
export function confirmNewEmailMail(name: string, url: string): Template {
  const lines = [
    `Hello ${name},`,
    'You asked to use this address for your Brickyard account. Confirm it with the link below (valid for 24 hours). Until then you keep signing in with your current address.',
  ];
  return {
    subject: 'Confirm your new email address',
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: html('Confirm your new email address', lines, { label: 'Confirm new email', url }),
  };
}

/** To the old address: a change was asked for (in case it was not them). */
export function emailChangeRequestedMail(name: string, newEmail: string, cancelUrl: string): Template {
  const lines = [
    `Hello ${name},`,
    `Someone signed in to your Brickyard account asked to change its email address to ${newEmail}. Nothing changes until that address is confirmed.`,
    'If this was not you, cancel the change with the link below (it also signs out every session), then change your password.',
  ];
  return {
    subject: 'Your email address is about to change',
    text: `${lines.join('\n\n')}\n\n${cancelUrl}\n`,
    html: html('Email change requested', lines, { label: 'Cancel the change', url: cancelUrl }),
  };
}

export function twoFactorChangedMail(name: string, enabled: boolean): Template {
  const lines = [
    `Hello ${name},`,
    enabled
      ? 'Two-factor sign-in is now on for your Brickyard account. Keep your recovery codes somewhere safe.'
      : 'Two-factor sign-in has been turned off for your Brickyard account. If this was not you, change your password now.',
  ];
  const title = enabled ? 'Two-factor sign-in is on' : 'Two-factor sign-in is off';
  return { subject: title, text: lines.join('\n\n'), html: html(title, lines) };
}

export function accountDeletedMail(name: string): Template {
  const lines = [
    `Hello ${name},`,
    'Your Brickyard account has been deleted and your personal data erased. Deals you took part in stay in your counterparties’ records without your name.',
  ];
  return { subject: 'Your Brickyard account has been deleted', text: lines.join('\n\n'), html: html('Account deleted', lines) };
}
