export * from './newsletter';
export * from './event-registration';
