import {
  accountSchema,
  accountUpdateResultSchema,
  dataOf,
  deleteAccountBodySchema,
  exportQuerySchema,
  messageResultSchema,
  privacySettingsSchema,
  securityActionBodySchema,
  securityActionResultSchema,
  securityStateSchema,
  updateAccountBodySchema,
  updatePrivacyBodySchema,
} from '@brickyard/shared';
import { format } from 'date-fns';
import { principalOf } from '../../platform/auth/guard.ts';
import type { App } from '../../platform/context.ts';
import type { SettingsService } from './settings.service.ts';

const tags = ['settings'];
/** Account, security and privacy are every signed-in user's (admins included), before approval too. */
const everyone = { gate: false } as const;

/** docs/product.md section 7 "Settings": account, security and privacy (profile is in the profiles module). */
export function settingsRoutes(app: App, settings: SettingsService) {
  app.get('/api/settings/account', {
    config: { access: everyone },
    schema: {
      tags,
      summary: 'Your name, email (and any change waiting for confirmation) and phone',
      response: { 200: dataOf(accountSchema) },
    },
    handler: async (req) => ({ data: await settings.getAccount(principalOf(req)) }),
  });

  app.put('/api/settings/account', {
    config: { access: everyone, rateLimit: { max: 30, timeWindow: 15 * 60_000 } },
    schema: {
      tags,
      summary: 'Change name and phone; a new email is mailed a confirmation link and used once confirmed',
      body: updateAccountBodySchema,
      response: { 200: dataOf(accountUpdateResultSchema) },
    },
    handler: async (req) => ({ data: await settings.updateAccount(principalOf(req), req.body) }),
  });

  app.delete('/api/settings/account', {
    config: { access: everyone, rateLimit: { max: 10, timeWindow: 15 * 60_000 } },
    schema: {
      tags,
      summary: 'Delete your account: personal data erased, deals and reviews kept anonymised',
      body: deleteAccountBodySchema,
      response: { 200: messageResultSchema },
    },
    handler: async (req) => ({ data: await settings.deleteAccount(principalOf(req), req.body) }),
  });

  app.get('/api/settings/security', {
    config: { access: everyone },
    schema: { tags, summary: 'Two-factor sign-in state and sessions', response: { 200: dataOf(securityStateSchema) } },
    handler: async (req) => ({ data: await settings.getSecurity(principalOf(req)) }),
  });

  app.put('/api/settings/security', {
    config: { access: everyone, rateLimit: { max: 30, timeWindow: 15 * 60_000 } },
    schema: {
      tags,
      summary: 'start_2fa, confirm_2fa, disable_2fa, regenerate_recovery_codes or sign_out_others',
      body: securityActionBodySchema,
      response: { 200: dataOf(securityActionResultSchema) },
    },
    handler: async (req) => ({ data: await settings.securityAction(principalOf(req), req.body) }),
  });

  app.get('/api/settings/privacy', {
    config: { access: everyone },
    schema: { tags, summary: 'Profile visibility settings', response: { 200: dataOf(privacySettingsSchema) } },
    handler: async (req) => ({ data: await settings.getPrivacy(principalOf(req)) }),
  });

  app.put('/api/settings/privacy', {
    config: { access: everyone },
    schema: {
      tags,
      summary: 'Change profile visibility settings',
      body: updatePrivacyBodySchema,
      response: { 200: dataOf(privacySettingsSchema) },
    },
    handler: async (req) => ({ data: await settings.updatePrivacy(principalOf(req), req.body) }),
  });

  app.get('/api/settings/privacy/export', {
    config: { access: everyone, rateLimit: { max: 10, timeWindow: 60 * 60_000 } },
    schema: {
      tags,
      summary: 'Download all your data: JSON (default) or a ZIP with your uploaded files',
      querystring: exportQuerySchema,
    },
    handler: async (req, reply) => {
      const caller = principalOf(req);
      const name = `brickyard-export-${format(new Date(), 'yyyy-MM-dd')}`;
      reply.header('cache-control', 'no-store');
      if (req.query.format === 'zip') {
        const stream = await settings.exportZip(caller);
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${name}.zip"`)
          .send(stream);
      }
      const data = await settings.exportData(caller);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.json"`)
        .send(JSON.stringify(data, null, 2));
    },
  });
}
