import { renderMailHtml } from '../../platform/mail/layout.ts';
import type { Template } from '../../platform/mail/templates.ts';

/** To the new address: confirm it before it replaces the sign-in email. */
export async function confirmNewEmailMail(name: string, url: string): Promise<Template> {
  const lines = [
    `Hello ${name},`,
    'You asked to use this address for your Brickyard account. Confirm it with the link below (valid for 24 hours). Until then you keep signing in with your current address.',
  ];
  return {
    subject: 'Confirm your new email address',
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: await renderMailHtml({
      title: 'Confirm your new email address',
      paragraphs: lines,
      action: { label: 'Confirm new email', url, showLink: true },
    }),
  };
}

/** To the old address: a change was asked for (in case it was not them). */
export async function emailChangeRequestedMail(name: string, newEmail: string, cancelUrl: string): Promise<Template> {
  const lines = [
    `Hello ${name},`,
    `Someone signed in to your Brickyard account asked to change its email address to ${newEmail}. Nothing changes until that address is confirmed.`,
    'If this was not you, cancel the change with the link below (it also signs out every session), then change your password.',
  ];
  return {
    subject: 'Your email address is about to change',
    text: `${lines.join('\n\n')}\n\n${cancelUrl}\n`,
    html: await renderMailHtml({
      title: 'Email change requested',
      paragraphs: lines,
      action: { label: 'Cancel the change', url: cancelUrl },
    }),
  };
}

export async function twoFactorChangedMail(name: string, enabled: boolean): Promise<Template> {
  const lines = [
    `Hello ${name},`,
    enabled
      ? 'Two-factor sign-in is now on for your Brickyard account. Keep your recovery codes somewhere safe.'
      : 'Two-factor sign-in has been turned off for your Brickyard account. If this was not you, change your password now.',
  ];
  const title = enabled ? 'Two-factor sign-in is on' : 'Two-factor sign-in is off';
  return { subject: title, text: lines.join('\n\n'), html: await renderMailHtml({ title, paragraphs: lines }) };
}

export async function accountDeletedMail(name: string): Promise<Template> {
  const lines = [
    `Hello ${name},`,
    'Your Brickyard account has been deleted and your personal data erased. Deals you took part in stay in your counterparties’ records without your name.',
  ];
  return {
    subject: 'Your Brickyard account has been deleted',
    text: lines.join('\n\n'),
    html: await renderMailHtml({ title: 'Account deleted', paragraphs: lines }),
  };
}
