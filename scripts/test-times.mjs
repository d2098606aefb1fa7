// A test reporter for scripts/test.mjs, beside the spec reporter: at the end of the run, the files
// that took longest (the sum of their top-level tests' durations) and the run's total, so that the
// slowest parts of the suite are named in every CI log (issue #32 point 8: profile the slowest files).
import path from 'node:path';

export default async function* testTimes(source) {
  const byFile = new Map();
  for await (const event of source) {
    if ((event.type !== 'test:pass' && event.type !== 'test:fail') || event.data.nesting !== 0 || !event.data.file) continue;
    const ms = event.data.details?.duration_ms ?? 0;
    byFile.set(event.data.file, (byFile.get(event.data.file) ?? 0) + ms);
  }
  const rows = [...byFile].sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
  const shown = rows.slice(0, Number(process.env.TEST_TIMES_SHOWN ?? 15));
  yield `\nslowest test files (seconds in their tests; ${rows.length} files, ${Math.round(total / 1000)} s in all, run two at a time):\n`;
  for (const [file, ms] of shown) yield `${(ms / 1000).toFixed(1).padStart(8)}  ${path.relative(process.cwd(), file)}\n`;
}
