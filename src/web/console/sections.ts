import { accountSection } from './account.js';
import type { ConsoleSection } from './console.js';

/** Every section of the console, each in its own file. */
export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [accountSection];
