import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets that a local install generates once and keeps under DATA_DIR (never in the repo):
 * the embedded database password and, outside production, the JWT signing key.
 */
export interface LocalSecrets {
  jwtSecret: string;
  embeddedPgPassword: string;
}

export function loadLocalSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as LocalSecrets;
  const secrets: LocalSecrets = {
    jwtSecret: crypto.randomBytes(48).toString('base64url'),
    embeddedPgPassword: crypto.randomBytes(24).toString('base64url'),
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
