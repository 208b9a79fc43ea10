// The data layer's public surface: react-query hooks, the local database and the sync rules.
export { QueryClientProvider } from '@tanstack/react-query';
export * from './hooks';
export { keys, paths } from './keys';
export { queryClient, createQueryClient, shouldRetry } from './query-client';
export { localDb, closeLocalDb, readSettings, saveSettings, DB_NAME, DEFAULT_SETTINGS, SETTINGS_KEY, PinsStoreDb } from './db';
export type { CachedCategory, CheckRecord, OutboxEntry, PinSize, Settings } from './db';
export { checkPins, fetchCheckList, flushOutbox, publishChecks, syncChecks, startOutboxSync, OUTBOX_RETRY_MS } from './checks';
export type { FlushResult } from './checks';
export { syncCategories, fetchCategory, FIRST_RUN_CATEGORIES } from './categories';
export type { CategorySyncResult } from './categories';
export { emergencyReport, FLAGGED_USER_IDS, REPORTED_KEY } from './emergency';
export { startDataLayer, refreshCategories, applySettings } from './startup';
export type { DataLayer, StartupResult } from './startup';
export { setDataWorker, dataWorker } from './pins-worker';
export type { DataWorker } from './pins-worker';
export { currentUserId, displayName, logout, onLoginSuccess, resetSession, installSessionHandling } from './session';
export * from './types';
export * from './moderation';
