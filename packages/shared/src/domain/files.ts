/**
 * Stored files. Keys are `{userId}/{uploadType}/{uuid}-{fileName}` (docs/product.md section 7); the
 * URL kept on a tender or catalogue item carries the key in its path, so the download flow takes
 * the key from the URL path and asks for a signed download URL.
 */
export const LOCAL_FILE_PATH = '/api/upload/local/';

/** The storage key inside a stored file URL (local `/api/upload/local/{key}`, or an S3 object URL). */
export function storageKeyFromUrl(url: string, opts: { bucket?: string } = {}): string {
  let path: string;
  try {
    path = new URL(url, 'http://local.invalid').pathname;
  } catch {
    path = url.split('?')[0] ?? url;
  }
  if (path.startsWith(LOCAL_FILE_PATH)) path = path.slice(LOCAL_FILE_PATH.length);
  path = path.replace(/^\/+/, '');
  if (opts.bucket && path.startsWith(`${opts.bucket}/`)) path = path.slice(opts.bucket.length + 1);
  return path
    .split('/')
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p;
      }
    })
    .join('/');
}

/** Upload types: the second segment of a key. Unknown slugs are accepted as `other`-like folders. */
export const UPLOAD_TYPES = [
  'tender-attachment',
  'tender-document',
  'catalogue-image',
  'catalogue-document',
  'product-image',
  'product-document',
  'profile-image',
  'profile-document',
  'contact',
  'other',
] as const;

/** File names browsers show as pictures (what the catalogue's image uploads accept). */
export const IMAGE_FILE_PATTERN = /\.(png|jpe?g|gif|webp|avif)$/i;

/**
 * Whether a listing attachment is a picture: uploaded as an image (the key has a type segment
 * `catalogue-image` or `product-image`) or named like one. Pictures are shown as thumbnails,
 * other files as download links.
 */
export function isImageAttachment(a: { name?: string | null; url: string }): boolean {
  const key = storageKeyFromUrl(a.url);
  // an S3 URL may carry the bucket before the key: the type segment is found anywhere in the path
  return (
    /(^|\/)(catalogue|product)-image\//.test(key) ||
    IMAGE_FILE_PATTERN.test(a.name ?? '') ||
    IMAGE_FILE_PATTERN.test(key)
  );
}
