import { readFileSync } from 'node:fs';
import { UsageError } from './errors.js';

/**
 * A secret read from a file (`-`: standard input, where the command allows it), never from the
 * command line, where other users' `ps` and the shell's history would see it. One final line break
 * is not part of it.
 */
export function readSecretFile(option: string, file: string): string {
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    throw new UsageError(`${option}: cannot read ${file === '-' ? 'standard input' : file} (${(e as Error).message})`);
  }
  return text.replace(/\r?\n$/, '');
}
