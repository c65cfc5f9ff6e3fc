import type { HelmetOptions } from 'helmet';
import type { Config } from '../../config.ts';

/**
 * The security headers every answer carries (platform/http/security-headers.ts applies them).
 * The Content-Security-Policy allows this origin only: the web app and everything it loads are
 * served from here (platform/http/spa.ts), and nothing downloads from elsewhere at run time.
 */
/**
 * Where the browser reaches the store directly besides this origin: the S3 endpoint when one is
 * configured (path-style or virtual-hosted, e.g. MinIO in compose.yaml), else AWS's regional
 * endpoint as the SDK signs it. Uploads PUT there (lib/upload.ts), downloads are fetched from there
 * (lib/download.ts), and pictures and logos are <img>s of its signed links.
 */
export function storageOrigins(config: Pick<Config, 's3'>): string[] {
  const s3 = config.s3;
  if (!s3) return [];
  try {
    const u = new URL(s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`);
    return s3.forcePathStyle ? [u.origin] : [u.origin, `${u.protocol}//${s3.bucket}.${u.host}`];
  } catch {
    return [];
  }
}

export function securityHeaderOptions(publicUrl: string, storeOrigins: readonly string[] = []): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // catalogue pictures and logos are <img>s of signed download links: on S3 those are the store's
        imgSrc: ["'self'", 'data:', 'blob:', ...storeOrigins],
        mediaSrc: ["'self'", 'blob:'],
        // on S3, uploads PUT to the store and downloads are fetched from it, by signed links
        connectSrc: ["'self'", ...storeOrigins],
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
