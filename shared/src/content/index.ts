export * from './types';
export * from './file-store';
export * from './model';
export * from './check';
export * from './images';
export * from './contentful';
export * from './source';
