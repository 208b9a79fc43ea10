export * from './types';
export * from './regions';
export * from './world';
export * from './geometry';
export * from './floors';
