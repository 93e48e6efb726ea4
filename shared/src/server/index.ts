export * from './remote-server';
