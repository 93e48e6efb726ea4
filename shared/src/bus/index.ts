export * from './topics';
export * from './bus';
