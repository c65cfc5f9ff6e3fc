import { describe, expect, it } from 'vitest';
import { accessStateOf, gatedSettingsPath } from './access.ts';
import { homePathFor } from './roles.ts';

describe('docs/product.md §4 access state and §6 homes', () => {
  it('not approved → profile; approved without subscription → billing; admins never gated', () => {
    expect(accessStateOf({ role: 'buyer', approved: false, hasActiveSubscription: true })).toBe('pending_approval');
    expect(accessStateOf({ role: 'supplier', approved: true, hasActiveSubscription: false })).toBe(
      'subscription_required',
    );
    expect(accessStateOf({ role: 'supplier', approved: true, hasActiveSubscription: true })).toBe('active');
    expect(accessStateOf({ role: 'admin', approved: false, hasActiveSubscription: false })).toBe('active');
    expect(gatedSettingsPath('buyer', 'pending_approval')).toBe('/buyer/settings/profile');
    expect(gatedSettingsPath('supplier', 'subscription_required')).toBe('/supplier/settings/billing');
    expect(gatedSettingsPath('supplier', 'active')).toBeNull();
  });

  it('each role has its own home; an unknown role goes to /login', () => {
    expect(homePathFor('buyer')).toBe('/buyer');
    expect(homePathFor('supplier')).toBe('/supplier');
    expect(homePathFor('admin')).toBe('/admin/dashboard');
    expect(homePathFor('wizard')).toBe('/login');
    expect(homePathFor(null)).toBe('/login');
  });
});
