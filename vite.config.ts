import { defineConfig } from 'vitest/config';
import type { HttpProxy } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { VitePWA } from 'vite-plugin-pwa';
import { PWA_ICONS, THEME_COLOUR, pwaIcons } from './scripts/pwa-icons.ts';

// Under vitest the proxy reaches the browser tests' server (tests/browser/global-setup.ts).
const apiPort = Number(process.env.API_PORT ?? (process.env.VITEST ? 18931 : (process.env.PORT ?? 8080)));

/** Chromium flags that give headless WebGL through SwiftShader on machines without a GPU. */
export const CHROMIUM_ARGS = [
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How many unit files run at once (TEST_WORKERS, default 2): one a core. Each worker has its own database and data
 * folder (tests/support/unit-setup.ts). Three at once kept 2 cores full (user+sys 11.8 min over 6.1 min wall) and
 * left timing-bound tests (a push within 2 s, a 2 s token) less slack; Vitest 4.1's own default is
 * os.availableParallelism() - 1, one on 2 cores.
 */
const TEST_WORKERS = Number(process.env.TEST_WORKERS ?? 2);

/**
 * An answer the server breaks off mid-body reaches the browser broken off too, as it does without the dev server in
 * between: the proxy pipes the server's answer into the browser's and, left alone, keeps the browser's open when the
 * server's closes early, so the browser waited for bytes that never came (a snapshot cut mid-stream read as one
 * stalled for SNAPSHOT_STALL_MS, 15 s, in the browser tests and `npm run dev`).
 */
function passCutsOn(proxy: HttpProxy.ProxyServer): void {
  proxy.on('proxyRes', (fromServer, _req, toBrowser) => {
    // The proxy's fetch path (not used here) hands over a stand-in without events: nothing to follow there.
    if (typeof fromServer.on !== 'function') return;
    fromServer.on('close', () => {
      if (!fromServer.complete) toBrowser.destroy();
    });
  });
}

/** Seconds in a day, for the service worker's cache lifetimes. */
const DAY_S = 86_400;

export default defineConfig({
  plugins: [
    react(),
    pwaIcons(fileURLToPath(new URL('./public/favicon.svg', import.meta.url))),
    // Offline (issue 21 item 4): a Workbox service worker, built only by `vite build` (never in dev or the browser
    // tests). It precaches the app shell, keeps the tiles, category icons and font slices the player has seen, and
    // a new version waits until the player chooses to reload (src/pwa/register.ts). The pin snapshots are not its
    // job: they are kept in IndexedDB (src/data/snapshot.ts) and read from there when the server cannot be reached.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'maintenance.svg'],
      manifest: {
        name: '명조 커뮤니티 지도',
        short_name: '명조 지도',
        description: '명조: 워더링 웨이브 커뮤니티 지도 — 수집품과 도전 요소의 위치를 함께 찾고 기록하세요.',
        lang: 'ko',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOUR,
        background_color: THEME_COLOUR,
        icons: PWA_ICONS.map((i) => ({ ...i, src: `/${i.src}` })),
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,wasm}'],
        globIgnores: ['**/*.map'],
        // The map's bundle (PixiJS) is over Workbox's default 2 MiB limit.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: '/index.html',
        // Server paths that a navigation may open: never answered with the app shell.
        navigateFallbackDenylist: [/^\/(api|map|images|oauth\/local|metrics|readyz|healthz)(\/|$)/],
        cleanupOutdatedCaches: true,
        // The first install controls the open page at once (so its tiles are kept from the first visit); a later
        // version waits for the player (no skipWaiting: the page asks with SKIP_WAITING).
        clientsClaim: true,
        skipWaiting: false,
        runtimeCaching: [
          {
            // Tiles (server: max-age one day + ETag): from the cache at once, refreshed behind it.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/map/'),
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'map-tiles',
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 4000, maxAgeSeconds: 60 * DAY_S, purgeOnQuotaError: true },
            },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/api\/v1\/category\/\d+\/icon\//.test(url.pathname),
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'category-icons',
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 1000, maxAgeSeconds: 60 * DAY_S, purgeOnQuotaError: true },
            },
          },
          {
            // Noto Sans KR's unicode-range slices: only those a page used, not all of them up front.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.endsWith('.woff2'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'fonts',
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 300, purgeOnQuotaError: true },
            },
          },
        ],
      },
    }),
  ],
  worker: { format: 'es' },
  // Pre-bundled up front: discovering them mid-run makes Vite reload the page under browser tests.
  optimizeDeps: {
    include: [
      'rbush',
      'flatbush',
      'comlink',
      'pixi.js',
      'pixi.js/unsafe-eval',
      'dexie',
      'valtio',
      'sonner',
      'react',
      'react-dom',
      'react-dom/client',
      'react-router-dom',
      '@tanstack/react-query',
      'protobufjs/minimal.js',
      // The service worker's registration (src/pwa/register.ts): found mid-run, it was bundled 40 s into the browser
      // tests, and the page under test was reloaded.
      'workbox-window',
    ],
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, ws: true, configure: passCutsOn },
      '/map': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: true, configure: passCutsOn },
      '/images': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: true, configure: passCutsOn },
      '/oauth/local': `http://127.0.0.1:${apiPort}`,
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['{src,common,server,workers,proto,tools,bench,tests}/**/*.test.ts'],
          exclude: ['**/*.browser.test.{ts,tsx}', 'node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: TEST_WORKERS,
          // A worker runs its files one after another in one module graph, not a fresh one per file: every server
          // file imported the whole server again (Fastify, every route, PGlite), about 1 s a file (issue 24, item 7;
          // PGlite pass 502 -> 421 s, its import 138 -> 16 s; PostgreSQL pass 227 -> 110 s). What a file may leave
          // behind in a module is put back before the next one (tests/support/unit-setup.ts).
          isolate: false,
          // After the browser files (group 0), not beside them: Vitest runs one worker count per group, and the
          // browser files keep theirs (one at a time on a 2-core machine) and the CPU to themselves.
          sequence: { groupOrder: 1 },
          setupFiles: ['tests/support/unit-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['{src,workers,tests}/**/*.browser.test.{ts,tsx}'],
          testTimeout: 60_000,
          globalSetup: ['tests/browser/global-setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
