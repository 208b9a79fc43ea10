import type { Config } from '../config';

/** The origin of a URL, or null when it is not an absolute http(s) URL. */
export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * Content-Security-Policy of the served app. Scripts only from our origin (PixiJS needs
 * `import 'pixi.js/unsafe-eval'` in the client, not 'unsafe-eval' here); workers may be blob: (Comlink);
 * connect-src allows ws:/wss: for the desktop tracker (ws://127.0.0.1:46821) and the image host; when a
 * third-party image host is configured, its images may come from any https origin (its CDN differs from its API).
 */
export function cspDirectives(config: Config): Record<string, string[]> {
  const imageHost = originOf(config.imageHostUrl);
  const img = ["'self'", 'data:', 'blob:'];
  const connect = ["'self'", 'ws:', 'wss:'];
  if (imageHost) {
    img.push(imageHost, 'https:');
    connect.push(imageHost);
  }
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'img-src': img,
    'connect-src': connect,
    'style-src': ["'self'", "'unsafe-inline'"],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (config.publicUrl.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return directives;
}
