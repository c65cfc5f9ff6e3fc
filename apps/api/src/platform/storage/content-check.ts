import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '@brickyard/shared';

/** What may be uploaded, decided by the bytes, not the name. */
const BINARY_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/zip',
  // Construction paperwork is full of these: legacy .doc/.xls (OLE compound files), scans, CAD drawings.
  'application/x-cfb',
  'image/tiff',
  'image/vnd.dwg',
]);
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/** How many leading bytes the check needs (enough for file-type and the text sniff). */
export const CONTENT_SNIFF_BYTES = 8192;
const TEXT_EXTENSIONS = new Set(['txt', 'csv', 'md']);

export interface CheckedFile {
  mime: string;
  ext: string;
}

function looksLikeText(buf: Buffer): boolean {
  const sample = buf.subarray(0, 8192);
  if (sample.includes(0)) return false;
  return !new TextDecoder('utf-8', { fatal: true })
    .decode(sample, { stream: true })
    .match(/[\u0000-\u0008\u000E-\u001F]/);
}

/**
 * Decides by content whether a file may be stored; `only: 'image'` narrows it to web images.
 * `buf` may be just the first CONTENT_SNIFF_BYTES of a larger file.
 */
export async function checkUploadContent(
  buf: Buffer,
  fileName: string,
  opts: { only?: 'image' } = {},
): Promise<CheckedFile> {
  const detected = await fileTypeFromBuffer(buf);
  if (opts.only === 'image') {
    if (detected && IMAGE_TYPES.has(detected.mime)) return { mime: detected.mime, ext: detected.ext };
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a PNG, JPEG, WebP or GIF image');
  }
  const nameExt = fileName.toLowerCase().split('.').pop() ?? '';
  if (detected) {
    if (!BINARY_TYPES.has(detected.mime)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Files of type ${detected.mime} are not accepted`);
    }
    return { mime: detected.mime, ext: detected.ext };
  }
  if (TEXT_EXTENSIONS.has(nameExt)) {
    let ok: boolean;
    try {
      ok = looksLikeText(buf);
    } catch {
      ok = false; // not valid UTF-8
    }
    if (ok) return { mime: nameExt === 'csv' ? 'text/csv' : 'text/plain', ext: nameExt };
  }
  throw new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    'This file type is not accepted. Upload a PDF, image, Office document, CSV or text file.',
  );
}
