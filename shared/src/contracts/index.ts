export * from './remotes';
export * from './page-data';
export * from './modules';
export * from './marks';
export * from './form-answer';
export * from './form-page';
export * from './assistant';
