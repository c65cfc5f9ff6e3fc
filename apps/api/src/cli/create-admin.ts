import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailSchema, passwordSchema } from '@brickyard/shared';
import { connect } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { findUserByEmail, insertUser } from '../modules/users/users.service.ts';
import { loadConfig } from '../config.ts';
import { hashPassword } from '../platform/auth/passwords.ts';
import { loadLocalSecrets } from '../platform/secrets.ts';
import path from 'node:path';

/**
 * Creates the first admin of a production install:
 *   npm run admin:create -- --email ops@example.com --first Ada --last Lovelace
 * The password is read from ADMIN_PASSWORD, so it never appears in the shell history.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      first: { type: 'string' },
      last: { type: 'string' },
      company: { type: 'string' },
    },
  });
  const config = loadConfig();
  const input = z
    .object({
      email: emailSchema,
      first: z.string().min(1),
      last: z.string().min(1),
      company: z.string().default('Brickyard'),
      password: passwordSchema,
    })
    .safeParse({ ...values, password: config.tools.adminPassword });
  if (!input.success) {
    console.error('Usage: ADMIN_PASSWORD=… npm run admin:create -- --email E --first F --last L [--company C]');
    for (const i of input.error.issues) console.error(`  ${i.path.join('.')}: ${i.message}`);
    process.exit(2);
  }
  const secrets = loadLocalSecrets(config.dataDir);
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg'), password: secrets.embeddedPgPassword });
  const url = config.databaseUrl ?? embedded!.url;
  try {
    await migrateDatabase(url);
    const { db, close } = connect(url, 2);
    const row = (await findUserByEmail(db, input.data.email))
      ? undefined
      : await insertUser(db, {
          email: input.data.email,
          passwordHash: await hashPassword(input.data.password),
          role: 'admin',
          firstName: input.data.first,
          lastName: input.data.last,
          companyName: input.data.company,
          approved: true,
          approvedAt: new Date(),
          emailVerifiedAt: new Date(),
        });
    await close();
    if (!row) {
      console.error(`An account with ${input.data.email} already exists.`);
      process.exitCode = 1;
    } else {
      console.log(`Admin ${input.data.email} created (${row.id}).`);
    }
  } finally {
    await embedded?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
