import escapeHtml from 'escape-html';
import mjml2html from 'mjml';

/**
 * The one layout of every mail Brickyard sends. Written in MJML and compiled to the table-based,
 * inline-styled HTML that Outlook (Word's renderer), Gmail and phone mail apps all draw the same
 * way, single column and fluid below 480 px. Templates give content only; nothing else writes
 * mail HTML. Text is escaped here, so templates pass plain strings.
 */
export interface MailContent {
  /** The heading at the top of the mail. */
  title: string;
  /** The preview line mail apps show next to the subject. */
  preview?: string;
  paragraphs: string[];
  /** Keep line breaks inside paragraphs (a message quoted as typed). */
  preformatted?: boolean;
  /** A list of linked or plain items, each with an optional second line. */
  items?: Array<{ title: string; url?: string; detail?: string; note?: string }>;
  /** The main button; the link is repeated as text for clients that block buttons. */
  action?: { label: string; url: string; showLink?: boolean };
  /** Why the reader gets this mail. */
  reason?: string;
  /** Settings and one-click unsubscribe links in the footer (digests and alerts). */
  unsubscribe?: { url: string; settingsUrl: string };
}

const BRAND = '#d97706';
const INK = '#0f172a';
const MUTED = '#64748b';

const e = (s: string) => escapeHtml(s);

function body(c: MailContent): string {
  const para = (p: string) =>
    `<mj-text padding="0 0 14px"${c.preformatted ? ' css-class="pre"' : ''}>${e(p)}</mj-text>`;
  const items = (c.items ?? [])
    .map(
      (i) =>
        `<mj-text padding="0 0 12px"><p style="margin:0">${i.url ? `<a href="${e(i.url)}" style="color:${INK};font-weight:600">${e(i.title)}</a>` : `<strong>${e(i.title)}</strong>`}${
          i.note ? ` <span style="color:${MUTED}">${e(i.note)}</span>` : ''
        }</p>${i.detail ? `<p style="margin:2px 0 0;color:#334155">${e(i.detail)}</p>` : ''}</mj-text>`,
    )
    .join('');
  const action = c.action
    ? `<mj-button href="${e(c.action.url)}" background-color="${BRAND}" color="#ffffff" font-weight="600" border-radius="6px" inner-padding="12px 20px" align="left" padding="10px 0 14px">${e(c.action.label)}</mj-button>${
        c.action.showLink
          ? `<mj-text padding="0 0 14px" font-size="12px" color="${MUTED}">Or paste this link into your browser: ${e(c.action.url)}</mj-text>`
          : ''
      }`
    : '';
  const footer = [
    `<mj-text font-size="12px" color="${MUTED}" padding="0">Brickyard · the construction marketplace.${c.reason ? ` ${e(c.reason)}` : ''}</mj-text>`,
    c.unsubscribe
      ? `<mj-text font-size="12px" color="${MUTED}" padding="6px 0 0"><a href="${e(c.unsubscribe.settingsUrl)}" style="color:${MUTED}">Notification settings</a> · <a href="${e(c.unsubscribe.url)}" style="color:${MUTED}">Unsubscribe from these emails</a></mj-text>`
      : '',
  ].join('');
  return `<mjml>
  <mj-head>
    <mj-title>${e(c.title)}</mj-title>
    ${c.preview ? `<mj-preview>${e(c.preview)}</mj-preview>` : ''}
    <mj-attributes>
      <mj-all font-family="Arial, Helvetica, sans-serif" />
      <mj-text font-size="15px" line-height="1.5" color="${INK}" />
    </mj-attributes>
    <mj-style>.pre div { white-space: pre-wrap; }</mj-style>
  </mj-head>
  <mj-body background-color="#f1f5f9" width="600px">
    <mj-section padding="20px 0 8px"><mj-column><mj-text font-size="18px" font-weight="700" color="${BRAND}" padding="0 24px">Brickyard</mj-text></mj-column></mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="24px">
      <mj-column>
        <mj-text font-size="20px" font-weight="700" padding="0 0 16px">${e(c.title)}</mj-text>
        ${c.paragraphs.map(para).join('')}
        ${items}
        ${action}
      </mj-column>
    </mj-section>
    <mj-section padding="16px 24px 24px"><mj-column>${footer}</mj-column></mj-section>
  </mj-body>
</mjml>`;
}

/** The HTML of a mail (MJML compiled; no web fonts, nothing fetched when it is opened). */
export async function renderMailHtml(c: MailContent): Promise<string> {
  const out = await mjml2html(body(c), { validationLevel: 'strict', fonts: {}, keepComments: false });
  return out.html;
}
