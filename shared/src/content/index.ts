export * from './types';
export * from './file-store';
