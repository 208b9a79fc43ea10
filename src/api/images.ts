import { ko } from '../i18n/ko';
import { api } from './client';
import { ApiClientError } from './errors';

/** The configured image host (from GET /api/v1/auth/providers). */
export interface ImageHost {
  url: string;
  clientId: string;
}

/** Built-in host used when the server names none. */
export const DEFAULT_IMAGE_HOST: ImageHost = { url: '/api/v1/images', clientId: '' };

let hostPromise: Promise<ImageHost> | null = null;
/** The image host the server advertises (cached for the session). */
export function imageHost(): Promise<ImageHost> {
  hostPromise ??= api
    .get<{ imageHost?: ImageHost | null }>('/api/v1/auth/providers', { suppressToast: true })
    .then((r) => r?.imageHost ?? DEFAULT_IMAGE_HOST)
    .catch((e: unknown) => {
      hostPromise = null;
      throw e;
    });
  return hostPromise;
}

function failed(message: string): ApiClientError {
  return new ApiClientError(0, 'image_host_failed', ko.imageHostFailed, null, message);
}

/**
 * Uploads a comment image to the image host (SPEC §7: multipart `image` + `type=file`,
 * `Authorization: Client-ID {key}`) and resolves to its link. XMLHttpRequest because fetch has
 * no upload progress. Any failure rejects with the 'image host registration failed' message.
 */
export async function uploadImage(file: File, onProgress?: (fraction: number) => void): Promise<string> {
  let host: ImageHost;
  try {
    host = await imageHost();
  } catch {
    throw failed('image host unknown');
  }
  const form = new FormData();
  form.append('image', file);
  form.append('type', 'file');
  return new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', host.url);
    xhr.setRequestHeader('Authorization', `Client-ID ${host.clientId}`);
    xhr.responseType = 'json';
    xhr.timeout = 50_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const link = (xhr.response as { data?: { link?: unknown } } | null)?.data?.link;
      if (xhr.status >= 200 && xhr.status < 300 && typeof link === 'string' && link) {
        onProgress?.(1);
        resolve(link);
      } else reject(failed(`image host answered ${xhr.status}`));
    };
    xhr.onerror = () => reject(failed('network'));
    xhr.ontimeout = () => reject(failed('timeout'));
    xhr.onabort = () => reject(failed('aborted'));
    xhr.send(form);
  });
}
