import { storageKeyFromUrl } from '@brickyard/shared';
import { REQUEST_TIMEOUT_MS, api } from '@/lib/api';
import { DOWNLOAD_FAILED_MESSAGE, fileDisplayName, saveBlob } from '@/lib/download';

/**
 * A profile document by the docs/product.md section 7 download flow: the storage key from the path of
 * the document URL, a signed download URL requested for it, the file fetched and saved under its
 * cleaned name. When the key is not one the viewer may presign (another company's profile file),
 * the signed link the profile itself carries is used instead. Any failure: the section 8 alert.
 */
export async function downloadProfileDocument(doc: {
  key: string;
  name: string;
  url: string | null;
}): Promise<boolean> {
  try {
    let href: string;
    try {
      const key = storageKeyFromUrl(doc.key);
      href = (await api.get<{ downloadURL: string }>('/api/upload/presigned-download-url', { key })).downloadURL;
    } catch (err) {
      if (!doc.url) throw err;
      href = doc.url;
    }
    const res = await fetch(href, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`download answered ${res.status}`);
    saveBlob(await res.blob(), fileDisplayName(doc.key, doc.name));
    return true;
  } catch {
    window.alert(DOWNLOAD_FAILED_MESSAGE);
    return false;
  }
}
