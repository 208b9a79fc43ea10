export * from './schemas';
export * from './routes';
export * from './pin';
export * from './moderation';
