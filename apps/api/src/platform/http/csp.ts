import type { HelmetOptions } from 'helmet';
import type { Config } from '../../config.ts';

/**
 * The security headers every answer carries (platform/http/security-headers.ts applies them).
 * The Content-Security-Policy allows this origin only: the web app and everything it loads are
 * served from here (platform/http/spa.ts), and nothing downloads from elsewhere at run time.
 */
/**
 * Where signed download links point besides this origin: the S3 endpoint when one is configured
 * (path-style and virtual-hosted, e.g. MinIO in compose.yaml). AWS's own endpoints are not
 * guessed; set S3_ENDPOINT to the store's public address to show its pictures.
 */
export function storageImageOrigins(config: Pick<Config, 's3'>): string[] {
  const endpoint = config.s3?.endpoint;
  if (!endpoint) return [];
  try {
    const u = new URL(endpoint);
    return config.s3!.forcePathStyle ? [u.origin] : [u.origin, `${u.protocol}//${config.s3!.bucket}.${u.host}`];
  } catch {
    return [];
  }
}

export function securityHeaderOptions(publicUrl: string, imageOrigins: readonly string[] = []): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // catalogue pictures and logos are <img>s of signed download links: on S3 those are the store's
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only makes sense behind HTTPS (PUBLIC_URL says whether we are).
    hsts: publicUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}
