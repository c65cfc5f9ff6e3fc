import { BID_VERDICT_LABELS, formatPostedDate, type BidPack } from '@brickyard/shared';
import { renderMailHtml } from '../../platform/mail/layout.ts';
import type { Template } from '../../platform/mail/templates.ts';

/** The support mailbox's copy of a new Bid Assist request (docs/product.md section 1: the support team helps). */
export async function newRequestMail(
  from: { name: string; email: string; companyName: string; plan: string | null },
  req: { tenderTitle: string; message: string; deadline: Date; documents: number; pack: BidPack },
  url: string,
): Promise<Template> {
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
  const html = await renderMailHtml({
    title: 'New Bid Assist request',
    paragraphs: lines,
    preformatted: true,
    action: { label: 'Open the Bid Assist queue', url },
  });
  return {
    subject: `[Bid Assist] ${req.tenderTitle}`.slice(0, 200),
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html,
    replyTo: from.email,
  };
}
