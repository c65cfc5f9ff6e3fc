import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ImageOff } from 'lucide-react';
import { storageKeyFromUrl } from '@brickyard/shared';
import { api } from '@/lib/api';
import { cn } from '@/lib/cn';
import { sharedKeys } from '@/lib/query-keys';

/** A stored picture's signed download link (GET /api/upload/presigned-download-url?key), as the logo uses. */
function useSignedImageUrl(url: string) {
  const key = storageKeyFromUrl(url);
  return useQuery({
    queryKey: sharedKeys.uploads.image(key),
    queryFn: async ({ signal }) =>
      (await api.get<{ downloadURL: string }>('/api/upload/presigned-download-url', { key }, signal)).downloadURL,
    enabled: !!key,
    retry: false,
    // signed links expire; ask again well before
    staleTime: 5 * 60_000,
  });
}

/**
 * A catalogue picture as an <img> (alt: the item's name), fetched through the signed download
 * route like any stored file. While the link is asked for, a grey box holds the place; a picture
 * that cannot be loaded shows a quiet "no image" box rather than a broken image.
 */
export function AttachmentImage({ url, alt, className }: { url: string; alt: string; className?: string }) {
  const signed = useSignedImageUrl(url);
  const [broken, setBroken] = useState(false);
  const box = cn('overflow-hidden rounded-lg bg-ink-100 ring-1 ring-ink-200', className);
  if (signed.isError || broken) {
    return (
      <span
        className={cn(box, 'flex items-center justify-center text-ink-400')}
        role="img"
        aria-label={`${alt} (image unavailable)`}
      >
        <ImageOff className="size-5" aria-hidden="true" />
      </span>
    );
  }
  if (!signed.data) return <span className={cn(box, 'block animate-pulse')} aria-hidden="true" />;
  return (
    <img
      src={signed.data}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
      className={cn(box, 'object-cover')}
    />
  );
}
