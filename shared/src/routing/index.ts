export * from './paths';
export * from './content-routes';
