/**
 * A file name safe to put in a storage key and a Content-Disposition header: the base name,
 * NFKC-normalised, anything but letters, digits and `._-()` and spaces replaced, no leading dots.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  const cleaned = base
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}._\- ()]+/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(-120);
  return cleaned || 'file';
}

/** Content-Disposition for a download saved under `fileName` (RFC 6266, UTF-8 aware). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
