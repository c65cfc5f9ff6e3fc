/**
 * What raises a notification (docs/decisions/0008-realtime-sse-over-listen-notify.md, docs/product.md section 7 Notifications). The values are stored in
 * `notifications.kind`; the first three keep the strings earlier features already write.
 *
 * `mailedBy` says who sends the email of a kind:
 * - 'digest': the notifications digest job (batched, at most one mail per user per window),
 *   governed by the user's email setting for the kind;
 * - 'feature': the raising feature sends its own transactional mail today (approval mail,
 *   saved-search alert mail, closing reminder), so the digest leaves these out to avoid doubles.
 */
export const NOTIFICATION_KINDS = [
  'new_message',
  'account_approved',
  'new_strong_match',
  'contract_created',
  'contract_changed',
  'tender_completed',
  'bid_assist_status',
  'external_tender_alert',
  'external_tender_closing',
  'tender_response',
  'tender_question',
  'response_outcome',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationKindInfo {
  label: string;
  description: string;
  defaults: { inApp: boolean; email: boolean };
  mailedBy: 'digest' | 'feature';
}

export const NOTIFICATION_KIND_INFO: Record<NotificationKind, NotificationKindInfo> = {
  new_message: {
    label: 'New messages',
    description: 'A buyer or supplier sends you a message',
    defaults: { inApp: true, email: true },
    mailedBy: 'digest',
  },
  account_approved: {
    label: 'Account approved',
    description: 'Your account has been reviewed and approved',
    defaults: { inApp: true, email: true },
    mailedBy: 'feature',
  },
  new_strong_match: {
    label: 'New strong matches',
    description: 'A tender or catalogue item strongly matches yours',
    defaults: { inApp: true, email: true },
    mailedBy: 'digest',
  },
  contract_created: {
    label: 'New contracts',
    description: 'A contract is created with you',
    defaults: { inApp: true, email: true },
    mailedBy: 'digest',
  },
  contract_changed: {
    label: 'Contract changes',
    description: 'A contract you are part of changes',
    defaults: { inApp: true, email: true },
    mailedBy: 'digest',
  },
  tender_completed: {
    label: 'Tender completed',
    description: 'A tender you take part in is completed',
    defaults: { inApp: true, email: true },
    mailedBy: 'digest',
  },
  bid_assist_status: {
    label: 'Bid Assist updates',
    description: 'The status of a Bid Assist request changes',
    defaults: { inApp: true, email: true },
    mailedBy: 'digest',
  },
  external_tender_alert: {
    label: 'Saved search hits',
    description: 'New live-feed tenders match a saved search',
    defaults: { inApp: true, email: true },
    mailedBy: 'feature',
  },
  external_tender_closing: {
    label: 'Favourites closing soon',
    description: 'A favourited tender closes within 7 days',
    defaults: { inApp: true, email: true },
    mailedBy: 'feature',
  },
  tender_response: {
    label: 'Tender responses',
    description: 'A supplier submits or changes a response to your tender',
    defaults: { inApp: true, email: true },
    mailedBy: 'digest',
  },
  tender_question: {
    label: 'Tender questions',
    description: 'A question is asked on your tender, or a tender you responded to gets an answer',
    defaults: { inApp: true, email: true },
    mailedBy: 'digest',
  },
  response_outcome: {
    label: 'Response outcomes',
    description: 'Your response is shortlisted, awarded or unsuccessful',
    defaults: { inApp: true, email: true },
    mailedBy: 'digest',
  },
};

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}
