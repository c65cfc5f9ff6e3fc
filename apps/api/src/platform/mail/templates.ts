import { renderMailHtml } from './layout.ts';
import type { Mail } from './mailer.ts';

export type Template = Omit<Mail, 'to'>;

export async function verifyEmailMail(name: string, url: string): Promise<Template> {
  const lines = [
    `Hello ${name},`,
    'Thanks for signing up to Brickyard. Please confirm your email address to activate your account. The link is valid for 48 hours.',
  ];
  return {
    subject: 'Confirm your email address',
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: await renderMailHtml({
      title: 'Confirm your email address',
      paragraphs: lines,
      action: { label: 'Confirm email', url, showLink: true },
    }),
  };
}

/** To the owner of an address someone tried to register again (the sign-up answer does not say so). */
export async function accountExistsMail(name: string, loginUrl: string, resetUrl: string): Promise<Template> {
  const lines = [
    `Hello ${name},`,
    'Someone tried to create a Brickyard account with this email address, which already has one. If it was you, sign in instead; if you have forgotten your password, reset it:',
    resetUrl,
    'If it was not you, you can ignore this email: nothing has changed on your account.',
  ];
  return {
    subject: 'You already have a Brickyard account',
    text: `${lines.join('\n\n')}\n\n${loginUrl}\n`,
    html: await renderMailHtml({
      title: 'You already have a Brickyard account',
      paragraphs: lines,
      action: { label: 'Sign in', url: loginUrl },
    }),
  };
}

export async function resetPasswordMail(name: string, url: string): Promise<Template> {
  const lines = [
    `Hello ${name},`,
    'We received a request to reset your Brickyard password. The link below is valid for one hour and can be used once. If you did not ask for this, you can ignore this email.',
  ];
  return {
    subject: 'Reset your password',
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: await renderMailHtml({
      title: 'Reset your password',
      paragraphs: lines,
      action: { label: 'Choose a new password', url, showLink: true },
    }),
  };
}

export async function accountApprovedMail(name: string, url: string): Promise<Template> {
  const lines = [
    `Hello ${name},`,
    'Good news: your Brickyard account has been approved. Choose your plan in Settings > Billing to start using the marketplace.',
  ];
  return {
    subject: 'Your Brickyard account is approved',
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: await renderMailHtml({
      title: 'Your account is approved',
      paragraphs: lines,
      action: { label: 'Open Brickyard', url, showLink: true },
    }),
  };
}

export async function contactUsMail(
  from: { name: string; email: string; role: string },
  title: string,
  message: string,
): Promise<Template> {
  const lines = [`From: ${from.name} <${from.email}> (${from.role})`, `Subject: ${title}`, message];
  return {
    subject: `[Contact us] ${title}`,
    text: lines.join('\n\n'),
    html: await renderMailHtml({ title: 'New contact-us message', paragraphs: lines, preformatted: true }),
    replyTo: from.email,
  };
}
