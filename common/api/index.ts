export * from './schemas';
export * from './routes';
export * from './account';
export * from './progress';
export * from './comment';
export * from './pin';
export * from './moderation';
