export * from './routes';
export * from './pages';
export * from './views';
export { sectionProblems, sitemapProblems } from './contract';
export * from './site';
