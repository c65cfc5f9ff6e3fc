import { describe, expect, it } from 'vitest';
import { storageImageOrigins } from './csp.ts';

const s3 = (endpoint: string | undefined, forcePathStyle: boolean) => ({
  s3: { endpoint, forcePathStyle, bucket: 'brickyard', region: 'eu-west-2', accessKeyId: 'a', secretAccessKey: 'b' },
});

describe("CSP img-src lets catalogue pictures load from the store's signed links", () => {
  it('local storage adds nothing (the links are same-origin)', () => {
    expect(storageImageOrigins({ s3: null })).toEqual([]);
  });
  it("an S3 endpoint adds its origin (and the bucket's host when virtual-hosted)", () => {
    expect(storageImageOrigins(s3('http://s3.localhost:9000', true))).toEqual(['http://s3.localhost:9000']);
    expect(storageImageOrigins(s3('https://store.example.com/', false))).toEqual([
      'https://store.example.com',
      'https://brickyard.store.example.com',
    ]);
    expect(storageImageOrigins(s3(undefined, false))).toEqual([]);
  });
});
