import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { cruise, type IViolation } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

/** Every file of a folder, recursively. */
function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesOf(full) : [full];
  });
}

/** The rules `npx depcruise src` reads too (a JavaScript module: loaded by address, untyped). */
const { default: rules } = (await import(new URL('../.dependency-cruiser.mjs', import.meta.url).href)) as { default: { options: Record<string, unknown> } & Record<string, unknown> };

const describeViolation = (v: IViolation) => `${v.rule.name}: ${v.from} → ${v.to}`;

describe('the house (docs/architecture.md)', () => {
  it('has arrows that run down only: no two folders of src/ import each other, and only store/ builds queries', async () => {
    const { options, ...ruleSet } = rules;
    const result = await cruise(['src'], { ...options, ruleSet, validate: true } as never, {}, { tsConfig: extractTSConfig('tsconfig.json') });
    const output = result.output as { summary: { violations: IViolation[] } };
    assert.deepEqual(output.summary.violations.map(describeViolation), []);
  });

  it('keeps every query-builder call and sql template in src/store', () => {
    const call = /\.(selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom)\(|sql`/;
    const outside = filesOf('src')
      .filter((f) => f.endsWith('.ts') && !f.startsWith(`src${path.sep}store${path.sep}`))
      .flatMap((f) => readFileSync(f, 'utf8').split('\n').flatMap((line, i) => (call.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])));
    assert.deepEqual(outside, []);
  });
});
