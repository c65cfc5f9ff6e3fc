import { describe, expect, it } from 'vitest';
import { securityHeaderOptions, storageOrigins } from './csp.ts';

const s3 = (endpoint: string | undefined, forcePathStyle: boolean) => ({
  s3: { endpoint, forcePathStyle, bucket: 'brickyard', region: 'eu-west-2', accessKeyId: 'a', secretAccessKey: 'b' },
});

describe("the CSP lets the browser reach the store's signed links (pictures, uploads, downloads)", () => {
  it('local storage adds nothing (the links are same-origin)', () => {
    expect(storageOrigins({ s3: null })).toEqual([]);
  });
  it("an S3 endpoint adds its origin (and the bucket's host when virtual-hosted)", () => {
    expect(storageOrigins(s3('http://s3.localhost:9000', true))).toEqual(['http://s3.localhost:9000']);
    expect(storageOrigins(s3('https://store.example.com/', false))).toEqual([
      'https://store.example.com',
      'https://brickyard.store.example.com',
    ]);
  });
  it("AWS without an endpoint adds the region's endpoint as the SDK signs it", () => {
    expect(storageOrigins(s3(undefined, false))).toEqual([
      'https://s3.eu-west-2.amazonaws.com',
      'https://brickyard.s3.eu-west-2.amazonaws.com',
    ]);
    expect(storageOrigins(s3(undefined, true))).toEqual(['https://s3.eu-west-2.amazonaws.com']);
  });
  it('uploads (connect-src) and pictures (img-src) may go to the store; nothing else is opened', () => {
    const csp = securityHeaderOptions('https://brickyard.example', ['https://store.example.com']).contentSecurityPolicy;
    const directives = (csp as { directives: Record<string, string[]> }).directives;
    expect(directives.connectSrc).toEqual(["'self'", 'https://store.example.com']);
    expect(directives.imgSrc).toContain('https://store.example.com');
    expect(directives.scriptSrc).toEqual(["'self'"]);
    expect(securityHeaderOptions('https://brickyard.example').contentSecurityPolicy).toMatchObject({
      directives: { connectSrc: ["'self'"] },
    });
  });
});
