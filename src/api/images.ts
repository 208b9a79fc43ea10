import type { ImageHost } from '../../common/api';
import { ko } from '../i18n/ko';
import { api, refreshSession } from './client';
import { ApiClientError } from './errors';

/** The configured image host (from GET /api/v1/auth/providers). */
export type { ImageHost };

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

/** One multipart POST to the host: the HTTP status and the link it gave, if any. */
function post(host: ImageHost, file: File, onProgress?: (fraction: number) => void): Promise<{ status: number; link: string | null }> {
  const form = new FormData();
  form.append('image', file);
  form.append('type', 'file');
  return new Promise((resolve, reject) => {
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
      resolve({ status: xhr.status, link: typeof link === 'string' && link ? link : null });
    };
    xhr.onerror = () => reject(failed('network'));
    xhr.ontimeout = () => reject(failed('timeout'));
    xhr.onabort = () => reject(failed('aborted'));
    xhr.send(form);
  });
}

/**
 * Uploads a comment image to the image host (SPEC §7: multipart `image` + `type=file`,
 * `Authorization: Client-ID {key}`) and resolves to its link. XMLHttpRequest because fetch has
 * no upload progress. The built-in host needs a live session: a 401 gets one refresh and one retry.
 * Any failure rejects with the 'image host registration failed' message.
 */
export async function uploadImage(file: File, onProgress?: (fraction: number) => void): Promise<string> {
  let host: ImageHost;
  try {
    host = await imageHost();
  } catch {
    throw failed('image host unknown');
  }
  let res = await post(host, file, onProgress);
  if (res.status === 401) {
    try {
      await refreshSession();
    } catch {
      throw failed('image host answered 401');
    }
    res = await post(host, file, onProgress);
  }
  if (res.status >= 200 && res.status < 300 && res.link) {
    onProgress?.(1);
    return res.link;
  }
  throw failed(`image host answered ${res.status}`);
}
