import { describe, expect, it } from 'vitest';
import { allowedContractActions, type ContractSide, type ContractStatus } from '@brickyard/shared';
import { dealMilestone, stepsOf } from './deal-steps';

const deal = (
  status: ContractStatus,
  side: ContractSide,
  extra: { canReview?: boolean; tenderId?: string | null } = {},
) => ({
  status,
  side,
  allowedActions: allowedContractActions(status, side),
  tenderId: extra.tenderId === undefined ? '6f1c0f8e-2a4b-4c59-9a7e-1d2f3a4b5c6d' : extra.tenderId,
  canReview: extra.canReview ?? false,
});

describe('deal steps (docs/product.md section 4; each side only its own steps)', () => {
  it('offers the supplier accept or decline on a proposal, and the buyer edit or cancel', () => {
    expect(stepsOf(deal('proposed', 'supplier'))).toEqual(['accept', 'decline']);
    expect(stepsOf(deal('proposed', 'buyer'))).toEqual(['cancel', 'update']);
  });

  it('lets only the buyer complete an active contract, and only while it has a tender', () => {
    expect(stepsOf(deal('active', 'buyer'))).toEqual(['complete', 'cancel']);
    expect(stepsOf(deal('active', 'buyer', { tenderId: null }))).toEqual(['cancel']);
    expect(stepsOf(deal('active', 'supplier'))).toEqual([]);
  });

  it('offers a review on a fulfilled contract until it is written', () => {
    expect(stepsOf(deal('fulfilled', 'supplier', { canReview: true }))).toEqual(['review']);
    expect(stepsOf(deal('fulfilled', 'buyer', { canReview: false }))).toEqual([]);
    expect(stepsOf(deal('declined', 'buyer'))).toEqual([]);
    expect(stepsOf(deal('cancelled', 'supplier'))).toEqual([]);
  });

  it('dates each status by its own milestone', () => {
    const times = { fulfilledAt: 'f', cancelledAt: 'c', respondedAt: 'r', updatedAt: 'u' };
    expect(dealMilestone({ status: 'fulfilled', ...times })).toEqual({ label: 'Fulfilled on', at: 'f' });
    expect(dealMilestone({ status: 'cancelled', ...times })).toEqual({ label: 'Cancelled on', at: 'c' });
    expect(dealMilestone({ status: 'declined', ...times })).toEqual({ label: 'Declined on', at: 'r' });
    expect(dealMilestone({ status: 'active', ...times })).toEqual({ label: 'Accepted on', at: 'r' });
    expect(dealMilestone({ status: 'proposed', ...times })).toEqual({ label: 'Last changed', at: 'u' });
  });
});
