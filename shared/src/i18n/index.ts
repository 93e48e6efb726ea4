export * from './languages';
export * from './instance';
