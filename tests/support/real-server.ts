// Client-side tests (src/, workers/) that talk to the real server reach it through this file:
// product code in src/ and workers/ never imports server/ (lint), and tests keep one way in.
export { testApp } from '../../server/test-helper';
export { seedIfEmpty } from '../../server/seed/seed';
export { registerRelay } from '../../server/relay/plugin';
