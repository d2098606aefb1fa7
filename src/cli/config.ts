import type { Command } from 'commander';
import { loadConfig, type Config, type ConfigOverrides } from '../config.js';
import { UsageError } from './errors.js';

/** The configuration for a command: loadConfig over the environment, with the command line on top. */
export function commandConfig(cmd: Command, extra: ConfigOverrides = {}): Config {
  const { dataDir } = cmd.optsWithGlobals<{ dataDir?: string }>();
  try {
    return loadConfig(process.env, { dataDir, ...extra });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}
