import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { applyServerErrors } from './server-errors';

function apiError(details: { path: string; message: string }[]) {
  return new ApiError(400, 'VALIDATION_FAILED', 'Some fields are not valid', details);
}

describe('applyServerErrors', () => {
  it('puts a nested field’s message on the form field its alias names', () => {
    const placed: Record<string, string> = {};
    const rest = applyServerErrors(
      apiError([
        { path: 'body.requirements.pricing', message: 'Too long' },
        { path: 'body.companyName', message: 'Enter your company name' },
      ]),
      ['reqPricing', 'companyName'] as const,
      (field, e) => (placed[field] = e.message),
      'fallback',
      { 'requirements.pricing': 'reqPricing' },
    );
    expect(placed).toEqual({ reqPricing: 'Too long', companyName: 'Enter your company name' });
    expect(rest).toBeNull();
  });

  it('answers the message when a field cannot be placed', () => {
    const rest = applyServerErrors(
      apiError([{ path: 'body.requirements.pricing', message: 'Too long' }]),
      ['companyName'] as const,
      () => undefined,
      'fallback',
    );
    expect(rest).toBe('Some fields are not valid');
  });
});
