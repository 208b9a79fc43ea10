// How the journeys launch Debian's Chromium (playwright.config.ts), and the one exception.
import type { LaunchOptions } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../vite.config';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The page's layers are composited in software; WebGL is still drawn by SwiftShader. With no GPU, compositing "on the
 * GPU" is SwiftShader as well, and CPU is what bounds the journeys here (issue 24, item 7). Five journey files (home,
 * small-things, visitor, search, found-overview) took 134 and 137 s of the machine's CPU and 80 and 82 s, against 151
 * and 152 s and 87 s with GPU compositing; over a whole `npm test` the journeys' tests took 585 s against 630 s
 * (2026-11-30). The browser tests gained nothing from it (122 against 126 s) and keep CHROMIUM_ARGS, as the benches do.
 */
export const journeyLaunch: LaunchOptions = { executablePath, args: [...CHROMIUM_ARGS, '--disable-gpu-compositing'] };

/**
 * For a journey whose map moves in most of its frames (a followed player): each frame composited in software costs
 * more than on SwiftShader's GPU path. The route journey took 78 s with software compositing and 45.5 s without. Its
 * file runs in a worker (browser and server) of its own.
 */
export const movingMapLaunch: LaunchOptions = { executablePath, args: CHROMIUM_ARGS };
