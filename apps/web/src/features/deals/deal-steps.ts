import type { Contract } from '@brickyard/shared';

export type DealStep = 'accept' | 'decline' | 'cancel' | 'update' | 'complete' | 'review';

/**
 * The steps this side may take now, in the order the buttons show: completing the tender
 * (the buyer, on an active contract), the server's allowed lifecycle actions, then the review.
 */
export function stepsOf(
  c: Pick<Contract, 'allowedActions' | 'side' | 'status' | 'tenderId' | 'canReview'>,
): DealStep[] {
  const steps: DealStep[] = [...c.allowedActions];
  if (c.side === 'buyer' && c.status === 'active' && c.tenderId) steps.unshift('complete');
  if (c.canReview) steps.push('review');
  return steps;
}

/** The date that matters for a deal's status, with its label. */
export function dealMilestone(
  c: Pick<Contract, 'status' | 'fulfilledAt' | 'cancelledAt' | 'respondedAt' | 'updatedAt'>,
): { label: string; at: string | null } {
  if (c.status === 'fulfilled') return { label: 'Fulfilled on', at: c.fulfilledAt };
  if (c.status === 'cancelled') return { label: 'Cancelled on', at: c.cancelledAt };
  if (c.status === 'declined') return { label: 'Declined on', at: c.respondedAt };
  if (c.status === 'active') return { label: 'Accepted on', at: c.respondedAt };
  return { label: 'Last changed', at: c.updatedAt };
}
