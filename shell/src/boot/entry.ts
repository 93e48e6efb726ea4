import { boot } from './index';
import type { BootWindow } from './protocol';

boot(window as BootWindow, document);
