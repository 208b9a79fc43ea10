import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';

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

export default defineConfig({
  plugins: [react()],
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
    ],
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, ws: true },
      '/map': `http://127.0.0.1:${apiPort}`,
      '/images': `http://127.0.0.1:${apiPort}`,
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
          fileParallelism: false,
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
