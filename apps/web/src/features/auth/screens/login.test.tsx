import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, renderApp } from '@/test/render';
import { LoginScreen } from './login';
import { paths } from '@/lib/paths';

afterEach(() => vi.unstubAllGlobals());

describe('LoginScreen', () => {
  it('asks for a valid email and a password before calling the server', async () => {
    const { fetchMock, calls } = answerFetch(200, {});
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderApp(<LoginScreen />, { route: paths.login });
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows the server’s reason when the password is wrong, and stays on the page', async () => {
    const { fetchMock, calls } = answerFetch(401, {
      error: { code: 'INVALID_CREDENTIALS', message: 'The email or password is not right' },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderApp(<LoginScreen />, { route: paths.login });
    await user.type(screen.getByLabelText('Email'), 'buyer@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The email or password is not right');
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/login']);
    expect(JSON.parse(calls[0]!.init!.body as string)).toEqual({
      email: 'buyer@example.com',
      password: 'wrong password',
    });
    expect(screen.getByRole('heading', { name: 'Sign in to Brickyard' })).toBeTruthy();
  });
});
