// The entry of /sw.js: built on its own (no federation runtime, no React) by the shell's webpack config.
import { installServiceWorker, VERSION_PLACEHOLDER, type WorkerScope } from './worker';

installServiceWorker(globalThis as unknown as WorkerScope, VERSION_PLACEHOLDER);
