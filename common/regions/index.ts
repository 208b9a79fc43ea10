export * from './types';
export * from './regions';
export * from './geometry';
export * from './floors';
