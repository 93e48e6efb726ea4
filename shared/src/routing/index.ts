export * from './paths';
export * from './content-routes';
export * from './directions';
export * from './inline-links';
export * from './links';
export * from './query';
