export * from './newsletter';
