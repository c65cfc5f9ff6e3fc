import { describe, expect, it } from 'vitest';
import { prettifyRegion } from '@brickyard/shared';
import { profileIdFromState, profileLayoutFor, projectStatusLabel } from './profile-view';

const ID = '6f1c0f8e-2a4b-4c59-9a7e-1d2f3a4b5c6d';

describe('profile view (docs/product.md sections 2, 4, 6)', () => {
  it('reads the id from navigation state, else none (the current user)', () => {
    expect(profileIdFromState({ userId: ID })).toBe(ID);
    expect(profileIdFromState({ id: ID })).toBe(ID);
    expect(profileIdFromState(null)).toBeNull();
    expect(profileIdFromState({ userId: 'not-an-id' })).toBeNull();
    expect(profileIdFromState('x')).toBeNull();
  });

  it('shows the opposite layout to the viewer’s role', () => {
    expect(profileLayoutFor('buyer')).toBe('supplier');
    expect(profileLayoutFor('supplier')).toBe('buyer');
  });

  it('labels project statuses and prettifies regions', () => {
    expect(projectStatusLabel('ongoing')).toBe('Ongoing');
    expect(projectStatusLabel('planned')).toBe('planned');
    expect(prettifyRegion('north-west')).toBe('North West');
  });
});
