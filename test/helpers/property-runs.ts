// The parameters every property and fuzz test hands fast-check, so that a red run means the change:
// - In `npm test` each property draws from a fixed seed, a hash of its name (or the seed it names),
//   so two runs of one tree draw the same cases.
// - FC_PROPERTY, FC_SEED and FC_PATH replay one failure (its message prints all three): the seed and
//   path go to the property of that name only (every property when FC_PROPERTY is unset); the others
//   run as in `npm test`. --test-name-pattern can leave the other tests of the file out.
// - FC_RUNS_FACTOR multiplies every property's number of runs; FC_RANDOM_SEEDS=1 draws a fresh seed
//   for each property. scripts/explore-properties.mjs sets both (20x and fresh seeds by default).
// - FC_REPORT names a file that gets one JSON line per property: its name, seed, cases run, and the
//   counterexample's path when it failed (the exploration script sums them per file).
import { appendFileSync } from 'node:fs';
import fc from 'fast-check';

const env = process.env;

/** FNV-1a of the text, as a signed 32-bit integer (fast-check's seeds are 32-bit). */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

function integerFrom(name: string): number | null {
  const text = env[name];
  if (text === undefined || text.trim() === '') return null;
  const n = Number(text);
  if (!Number.isInteger(n)) throw new Error(`${name} must be an integer, not ${JSON.stringify(text)}`);
  return n;
}

/** How many times the runs every property names are multiplied (FC_RUNS_FACTOR, 1 by default). */
export function runsFactor(): number {
  const text = env.FC_RUNS_FACTOR;
  if (text === undefined || text.trim() === '') return 1;
  const n = Number(text);
  if (!(n > 0)) throw new Error(`FC_RUNS_FACTOR must be a positive number, not ${JSON.stringify(text)}`);
  return n;
}

function replayHint(name: string, seed: number, path: string | null): string {
  const parts = [`FC_PROPERTY='${name.replace(/'/g, "'\\''")}'`, `FC_SEED=${seed}`];
  if (path !== null) parts.push(`FC_PATH=${path}`);
  return `property "${name}" failed; replay it with ${parts.join(' ')}`;
}

/**
 * fast-check parameters for the property `name` (unique within its file: it seeds the property):
 * `numRuns` times FC_RUNS_FACTOR, a fixed seed unless FC_RANDOM_SEEDS=1, FC_SEED/FC_PATH when set.
 * A failure's message starts with the replay line.
 *
 * @example
 * fc.assert(fc.property(arb, check), propertyRuns('ranges: subtract then union', 300));
 */
export function propertyRuns<T>(name: string, numRuns: number, extra: Omit<fc.Parameters<T>, 'numRuns' | 'seed' | 'path' | 'plugins'> & { seed?: number } = {}): fc.Parameters<T> {
  const { seed: fixed, ...rest } = extra;
  const replaying = env.FC_PROPERTY === undefined || env.FC_PROPERTY === '' || env.FC_PROPERTY === name;
  const replaySeed = replaying ? integerFrom('FC_SEED') : null;
  const path = (replaying && env.FC_PATH?.trim()) || undefined;
  if (path !== undefined && replaySeed === null) throw new Error('FC_PATH replays only together with FC_SEED');
  const seed = replaySeed ?? (env.FC_RANDOM_SEEDS === '1' ? (Math.random() * 2 ** 32) | 0 : (fixed ?? seedOf(name)));
  const report = env.FC_REPORT;
  const plugin: fc.Plugin<T> = () => ({
    onAllRunsComplete: (details) => {
      const counterexamplePath = details.failed ? details.counterexamplePath : null;
      if (report) {
        appendFileSync(report, `${JSON.stringify({ property: name, seed: details.seed, cases: details.numRuns, failed: details.failed, path: counterexamplePath })}\n`);
      }
      if (details.failed) {
        const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        throw new Error(`${replayHint(name, details.seed, counterexamplePath)}\n${fc.defaultReportMessage(details)}\n${error}`, { cause: details.errorInstance });
      }
    },
  });
  return {
    ...rest,
    numRuns: Math.max(1, Math.round(numRuns * runsFactor())),
    seed,
    ...(path !== undefined ? { path } : {}),
    plugins: [plugin],
  };
}
