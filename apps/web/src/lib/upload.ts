import { isErrorBody, type PresignedUpload } from '@brickyard/shared';
import { ApiError, REQUEST_TIMEOUT_MS, api } from './api';

export interface UploadedFile {
  /** the name the user chose the file under */
  name: string;
  /** the stored file URL (its path holds the storage key) */
  url: string;
  key: string;
}

export interface UploadOptions {
  uploadType: string;
  /** links the file to an existing tender (the server records it in the audit trail) */
  tenderId?: string;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * The presigned upload flow (docs/product.md section 3 "Presigned upload request"): ask the API for an
 * upload URL and storage key, then PUT the raw bytes there with XMLHttpRequest so the upload
 * reports its progress. The PUT is abandoned if no byte moves for the request timeout (15 s).
 */
export async function uploadFile(file: File, opts: UploadOptions): Promise<UploadedFile> {
  const presigned = await api.post<{ data: PresignedUpload }>('/api/upload/presigned-upload-url', {
    fileName: file.name,
    fileType: file.type || undefined,
    fileSize: file.size,
    uploadType: opts.uploadType,
    ...(opts.tenderId ? { tenderId: opts.tenderId } : {}),
  });
  const { uploadURL, key, fileURL, headers } = presigned.data;

  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stall = 0;
    const armStall = () => {
      window.clearTimeout(stall);
      stall = window.setTimeout(() => {
        xhr.abort();
        reject(new ApiError(0, 'TIMEOUT', 'The upload stalled. Please try again.'));
      }, REQUEST_TIMEOUT_MS);
    };
    const onAbort = () => {
      window.clearTimeout(stall);
      xhr.abort();
      reject(new DOMException('Upload cancelled', 'AbortError'));
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      window.clearTimeout(stall);
      opts.signal?.removeEventListener('abort', onAbort);
    };

    xhr.open('PUT', uploadURL);
    for (const [k, v] of Object.entries(headers ?? {})) xhr.setRequestHeader(k, v);
    if (!headers?.['Content-Type'] && !headers?.['content-type']) {
      xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    }
    xhr.upload.onprogress = (e) => {
      armStall();
      if (e.lengthComputable) opts.onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 400) {
        opts.onProgress?.(100);
        resolve();
        return;
      }
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      reject(
        isErrorBody(body)
          ? new ApiError(xhr.status, body.error.code, body.error.message, body.error.details ?? [])
          : new ApiError(xhr.status, `HTTP_${xhr.status}`, `Upload failed (${xhr.status})`),
      );
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, 'NETWORK_ERROR', 'The upload failed. Check your connection and try again.'));
    };
    armStall();
    opts.onProgress?.(0);
    xhr.send(file);
  });

  return { name: file.name, url: fileURL, key };
}
