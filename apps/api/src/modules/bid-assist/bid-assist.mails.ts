import escapeHtml from 'escape-html';
import { BID_VERDICT_LABELS, formatPostedDate, type BidPack } from '@brickyard/shared';
import type { Mail } from '../../platform/mail/mailer.ts';

type Template = Omit<Mail, 'to'>;

/** The support mailbox's copy of a new Bid Assist request (SPEC.md section 1: the support team helps). */
export function newRequestMail(
  from: { name: string; email: string; companyName: string; plan: string | null },
  req: { tenderTitle: string; message: string; deadline: Date; documents: number; pack: BidPack },
  url: string,
): Template {
  const s = req.pack.summary;
  const lines = [
    `From: ${from.name} <${from.email}>, ${from.companyName}${from.plan ? ` (${from.plan} plan)` : ''}`,
    `Tender: ${req.tenderTitle}${req.pack.tender.kind === 'external' ? ' (live feed)' : ''}`,
    `Help needed by: ${formatPostedDate(req.deadline)}`,
    `Generated pack: ${BID_VERDICT_LABELS[s.verdict]}, score ${s.score}% — ${s.met} met, ${s.partlyMet} partly met, ${s.missing} missing`,
    `Documents attached: ${req.documents}`,
    'Message:',
    req.message,
  ];
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">New Bid Assist request</h1>${lines
    .map((l) => `<p style="margin:0 0 12px;white-space:pre-wrap">${escapeHtml(l)}</p>`)
    .join('')}<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#d97706;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">Open the Bid Assist queue</a></p></body></html>`;
  return {
    subject: `[Bid Assist] ${req.tenderTitle}`.slice(0, 200),
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html,
    replyTo: from.email,
  };
}
