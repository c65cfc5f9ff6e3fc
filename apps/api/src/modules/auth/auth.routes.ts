import {
  dataOf,
  forgotPasswordBodySchema,
  forgotPasswordValidationBodySchema,
  loginBodySchema,
  loginTwoFactorBodySchema,
  messageResultSchema,
  okSchema,
  registerBodySchema,
  registerResultSchema,
  resendVerificationBodySchema,
  resetPasswordBodySchema,
  sessionSchema,
  verifyEmailQuerySchema,
} from '@brickyard/shared';
import { principalOf } from '../../platform/auth/guard.ts';
import type { App } from '../../platform/context.ts';
import type { AuthService } from './auth.service.ts';

const tags = ['auth'];
const ipLimit = (max: number, minutes: number) => ({ max, timeWindow: minutes * 60_000 });

export function authRoutes(app: App, auth: AuthService, limits: { loginPerIp: number }) {
  app.post('/api/auth/register', {
    config: { access: 'public', rateLimit: ipLimit(20, 15) },
    schema: {
      tags,
      summary: 'Create a buyer or supplier account',
      body: registerBodySchema,
      response: { 201: dataOf(registerResultSchema) },
    },
    handler: async (req, reply) => reply.status(201).send({ data: await auth.register(req.body) }),
  });

  app.get('/api/auth/verify-email', {
    config: { access: 'public', rateLimit: ipLimit(30, 15) },
    schema: { tags, querystring: verifyEmailQuerySchema, response: { 200: messageResultSchema } },
    handler: async (req) => ({ data: await auth.verifyEmail(req.query.token) }),
  });

  app.post('/api/auth/resend-verification', {
    config: { access: 'public', rateLimit: ipLimit(10, 15) },
    schema: { tags, body: resendVerificationBodySchema, response: { 200: messageResultSchema } },
    handler: async (req) => ({ data: await auth.resendVerification(req.body.email) }),
  });

  app.post('/api/auth/login', {
    config: { access: 'public', rateLimit: ipLimit(limits.loginPerIp, 15) },
    schema: { tags, summary: 'Sign in', body: loginBodySchema, response: { 200: dataOf(sessionSchema) } },
    handler: async (req) => ({ data: await auth.login(req.body) }),
  });

  app.post('/api/auth/login/2fa', {
    config: { access: 'public', rateLimit: ipLimit(limits.loginPerIp, 15) },
    schema: {
      tags,
      summary:
        'Second step of a sign-in answered TWO_FACTOR_REQUIRED: the challenge (error.details[path=challenge]) and a code or recovery code',
      body: loginTwoFactorBodySchema,
      response: { 200: dataOf(sessionSchema) },
    },
    handler: async (req) => ({ data: await auth.loginTwoFactor(req.body) }),
  });

  app.post('/api/auth/forgot-password', {
    config: { access: 'public', rateLimit: ipLimit(20, 15) },
    schema: { tags, body: forgotPasswordBodySchema, response: { 200: messageResultSchema } },
    handler: async (req) => ({ data: await auth.forgotPassword(req.body.email) }),
  });

  app.post('/api/auth/forgot-password-validation', {
    config: { access: 'public', rateLimit: ipLimit(20, 15) },
    schema: { tags, body: forgotPasswordValidationBodySchema, response: { 200: messageResultSchema } },
    handler: async (req) => ({ data: await auth.resetWithToken(req.body) }),
  });

  app.post('/api/auth/reset-password', {
    config: { access: { gate: false }, rateLimit: ipLimit(20, 15) },
    schema: {
      tags,
      summary: 'Change the password of the signed-in user',
      body: resetPasswordBodySchema,
      response: { 200: dataOf(sessionSchema) },
    },
    handler: async (req) => ({ data: await auth.changePassword(principalOf(req).id, req.body) }),
  });

  app.get('/api/auth/session', {
    config: { access: { gate: false } },
    schema: { tags, summary: 'A fresh session for the signed-in user', response: { 200: dataOf(sessionSchema) } },
    handler: async (req) => ({ data: auth.sessionOf(principalOf(req), req.tokenClaims?.at) }),
  });

  app.post('/api/auth/logout', {
    config: { access: { gate: false } },
    schema: {
      tags,
      summary: 'Sign out: this token and every other session of the user stop working',
      response: { 200: okSchema },
    },
    handler: async (req) => {
      await auth.logout(principalOf(req).id);
      return { data: { ok: true as const } };
    },
  });
}
