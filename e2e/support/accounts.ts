import crypto from 'node:crypto';
import { DEMO_PASSWORD, baseURL, latestMail, linkFrom } from './browser.ts';

/** A JSON call to the app under test; throws with the answer on any non-2xx status. */
export async function apiCall<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> {
  const res = await fetch(baseURL() + path, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

export async function apiLogin(email: string, password = DEMO_PASSWORD): Promise<{ token: string; id: string }> {
  const res = await apiCall<{ data: { token: string; id: string } }>('/api/auth/login', {
    method: 'POST',
    body: { email, password },
  });
  return res.data;
}

export interface FreshAccount {
  email: string;
  password: string;
  id: string;
  companyName: string;
}

/**
 * A new account of the journey's own, made the way a person makes one — registered, confirmed from
 * the mailed link, approved by the admin and (unless `plan` is null) subscribed — so a journey
 * does not depend on what other journeys did to the shared demo accounts.
 */
export async function freshAccount(opts: {
  role: 'buyer' | 'supplier';
  firstName: string;
  lastName: string;
  companyName: string;
  plan?: 'CORE' | 'GROWTH' | null;
}): Promise<FreshAccount> {
  const tag = crypto.randomBytes(3).toString('hex');
  const email = `${opts.role}-${Date.now()}-${tag}@example.test`;
  const password = 'Journey-account-7';
  const companyName = `${opts.companyName} ${tag}`;
  const reg = await apiCall<{ data: { id: string } }>('/api/auth/register', {
    method: 'POST',
    body: {
      firstName: opts.firstName,
      lastName: opts.lastName,
      companyName,
      email,
      password,
      userRole: opts.role,
      acceptTerms: true,
    },
  });
  const link = new URL(linkFrom((await latestMail(email, /confirm/i)).text, '/verify-email'));
  await apiCall(`/api/auth/verify-email?token=${encodeURIComponent(link.searchParams.get('token') ?? '')}`);
  const admin = await apiLogin('admin@brickyard.test');
  await apiCall('/api/auth/approve-user', { method: 'POST', token: admin.token, body: { userId: reg.data.id } });
  const plan = opts.plan === undefined ? 'GROWTH' : opts.plan;
  if (plan) {
    const session = await apiLogin(email, password);
    await apiCall('/api/billing/upgrade', {
      method: 'POST',
      token: session.token,
      body: { planType: plan, billingCycle: 'monthly' },
    });
  }
  return { email, password, id: reg.data.id, companyName };
}
