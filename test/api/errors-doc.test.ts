import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ERRORS } from '../../src/http/errors.js';
import { errorsDocument, ERRORS_DOC_FILE } from '../../src/http/errors-doc.js';

describe('the page of error codes', () => {
  it('committed docs/errors.md equals what the error table generates (run `npm run errors` when this fails)', () => {
    assert.equal(readFileSync(ERRORS_DOC_FILE, 'utf8'), errorsDocument());
  });

  it('names every code of the error table once, with its status and when it is raised', () => {
    const page = readFileSync(ERRORS_DOC_FILE, 'utf8');
    for (const [code, { status, when }] of Object.entries(ERRORS)) {
      assert.ok(when.length > 20, `${code} says when it is raised`);
      const rows = page.split('\n').filter((line) => line.includes(`| \`${code}\` |`));
      assert.equal(rows.length, 1, code);
      assert.ok(rows[0]!.startsWith(`| ${status} |`), `${code} is ${status}`);
    }
  });
});
