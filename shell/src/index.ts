import { BOOT_GLOBAL, type BootWindow } from './boot/protocol';

// The app's entry, loaded by the boot when first needed. Its async boundary lets federation initialise
// the share scope before any shared module (React, the bus) is used.
const boot = (window as BootWindow)[BOOT_GLOBAL];
import('./bootstrap')
  .then(({ startApp }) => {
    if (!boot) throw new Error('the shell app needs the boot script of the page');
    startApp(boot);
  })
  .catch((error: unknown) => {
    console.error(error);
    boot?.failed(error);
  });
