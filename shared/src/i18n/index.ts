export * from './languages';
export * from './instance';
export * from './formats';
