// The async boundary: federation's share scope is initialised before any shared module is used.
import('./start').catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
