import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profile } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { ProfileForm } from './profile-form';

type Call = { method: string; url: string; body: unknown };

/** A server that answers the profile save with `save` (status, body) and anything else with an empty allowance. */
function server(save: { status: number; body: unknown }) {
  const calls: Call[] = [];
  const fetchMock: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : input.toString();
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(init.body as string) : undefined });
    const answer = method === 'PUT' ? save : { status: 200, body: { data: { used: 0, limit: null } } };
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('ProfileForm', () => {
  it('saves the profile and the requirements in one request', async () => {
    const calls = server({ status: 200, body: { data: profile({ companyName: 'Northgate Group' }) } });
    const { user } = renderApp(<ProfileForm profile={profile()} />);
    await user.clear(screen.getByLabelText('Company name'));
    await user.type(screen.getByLabelText('Company name'), 'Northgate Group');
    await user.clear(screen.getByLabelText(/^Pricing/));
    await user.type(screen.getByLabelText(/^Pricing/), 'Open book');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('All changes saved.')).toBeTruthy();
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({
      method: 'PUT',
      url: '/api/settings/profile-and-requirements',
      body: { companyName: 'Northgate Group', requirements: { pricing: 'Open book', qualityStandards: ['FSC'] } },
    });
  });

  it('shows a refused requirement next to its field, and the profile stays unsaved', async () => {
    server({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid',
          details: [{ path: 'body.requirements.pricing', message: 'At most 1000 characters' }],
        },
      },
    });
    const { user } = renderApp(<ProfileForm profile={profile()} />);
    await user.type(screen.getByLabelText(/^Pricing/), ' and more');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('At most 1000 characters')).toBeTruthy();
    expect(screen.getByLabelText(/^Pricing/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
  });
});
