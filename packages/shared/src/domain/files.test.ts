import { describe, expect, it } from 'vitest';
import { isImageAttachment } from './files.ts';

const U = '11111111-1111-4111-8111-111111111111';
describe('isImageAttachment: catalogue pictures show as thumbnails, other files as links', () => {
  it('an upload of type catalogue-image or product-image is a picture, whatever its name', () => {
    expect(isImageAttachment({ name: 'photo', url: `/api/upload/local/${U}/catalogue-image/${U}-photo` })).toBe(true);
    expect(isImageAttachment({ name: 'x', url: `https://s3.example/bucket/${U}/product-image/${U}-x` })).toBe(true);
  });
  it('a file named like a picture is one; a document is not', () => {
    expect(isImageAttachment({ name: 'Beam.JPG', url: `/api/upload/local/${U}/catalogue-document/${U}-beam` })).toBe(
      true,
    );
    expect(
      isImageAttachment({ name: 'datasheet.pdf', url: `/api/upload/local/${U}/catalogue-document/${U}-datasheet.pdf` }),
    ).toBe(false);
  });
});
