// A native import() for deploy/check's TypeScript, which runs as CommonJS (scripts/ts-register.cjs: SWC
// compiles `import()` to require(), and require() cannot resolve packages whose exports offer `import`
// only, as kubernetes-models, @kubernetes-models/argo-rollouts and @actions/workflow-parser do). Node 24
// loads this file from CommonJS (require of an ES module without top-level await).
import { registerHooks } from 'node:module';

// @actions/workflow-parser imports its JSON schemas without `with { type: 'json' }` (it is built for
// bundlers), which Node refuses: that package's JSON files, and only those, get the attribute.
registerHooks({
  load(url, context, nextLoad) {
    if (url.endsWith('.json') && url.includes('/@actions/workflow-parser/') && !context.importAttributes?.type) {
      return nextLoad(url, { ...context, importAttributes: { ...context.importAttributes, type: 'json' } });
    }
    return nextLoad(url, context);
  },
});

/** @param {string} specifier */
export const load = (specifier) => import(specifier);
