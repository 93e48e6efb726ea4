export * from './remote-server';
export * from './errors';
