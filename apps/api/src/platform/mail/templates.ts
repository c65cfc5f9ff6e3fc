import escapeHtml from 'escape-html';
import type { Mail } from './mailer.ts';

type Template = Omit<Mail, 'to'>;

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#d97706;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#64748b">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}<hr style="border:none;border-top:1px solid #e2e8f0;margin:32px 0 12px"><p style="font-size:12px;color:#64748b">Brickyard · the construction marketplace</p></body></html>`;
}

export function verifyEmailMail(name: string, url: string): Template {
  const lines = [
    `Hello ${name},`,
    'Thanks for signing up to Brickyard. Please confirm your email address to activate your account. The link is valid for 48 hours.',
  ];
  return {
    subject: 'Confirm your email address',
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: layout('Confirm your email address', lines, { label: 'Confirm email', url }),
  };
}

/** To the owner of an address someone tried to register again (the sign-up answer does not say so). */
export function accountExistsMail(name: string, loginUrl: string, resetUrl: string): Template {
  const lines = [
    `Hello ${name},`,
    'Someone tried to create a Brickyard account with this email address, which already has one. If it was you, sign in instead; if you have forgotten your password, reset it:',
    resetUrl,
    'If it was not you, you can ignore this email: nothing has changed on your account.',
  ];
  return {
    subject: 'You already have a Brickyard account',
    text: `${lines.join('\n\n')}\n\n${loginUrl}\n`,
    html: layout('You already have a Brickyard account', lines, { label: 'Sign in', url: loginUrl }),
  };
}

export function resetPasswordMail(name: string, url: string): Template {
  const lines = [
    `Hello ${name},`,
    'We received a request to reset your Brickyard password. The link below is valid for one hour and can be used once. If you did not ask for this, you can ignore this email.',
  ];
  return {
    subject: 'Reset your password',
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: layout('Reset your password', lines, { label: 'Choose a new password', url }),
  };
}

export function accountApprovedMail(name: string, url: string): Template {
  const lines = [
    `Hello ${name},`,
    'Good news: your Brickyard account has been approved. Choose your plan in Settings > Billing to start using the marketplace.',
  ];
  return {
    subject: 'Your Brickyard account is approved',
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: layout('Your account is approved', lines, { label: 'Open Brickyard', url }),
  };
}

export function contactUsMail(from: { name: string; email: string; role: string }, title: string, message: string): Template {
  const lines = [`From: ${from.name} <${from.email}> (${from.role})`, `Subject: ${title}`, message];
  return {
    subject: `[Contact us] ${title}`,
    text: lines.join('\n\n'),
    html: layout('New contact-us message', lines),
    replyTo: from.email,
  };
}
