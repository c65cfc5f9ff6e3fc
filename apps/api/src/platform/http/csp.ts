import type { HelmetOptions } from 'helmet';

/**
 * The security headers every answer carries (platform/http/security-headers.ts applies them).
 * The Content-Security-Policy allows this origin only: the web app and everything it loads are
 * served from here (platform/http/spa.ts), and nothing downloads from elsewhere at run time.
 */
export function securityHeaderOptions(publicUrl: string): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
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
