export * from './remote-server';
export * from './errors';
export * from './compat';
export * from './observability';
export * from './tracing';
export * from './kept-metrics';
export * from './client-network';
export * from './content-webhook';
