// The async boundary: federation's share scope is initialised before any shared module is used.
import('./bootstrap').catch((error: unknown) => console.error(error));
