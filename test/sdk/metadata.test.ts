import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CalendarAccessError, errorDocUrl, ERRORS_DOC_URL, REPOSITORY_URL, SDK_NAME, SDK_VERSION, type ErrorCode } from '@calendar-access/sdk';
import { ERRORS } from '../../src/http/errors.js';
import { ERRORS_DOC_FILE } from '../../src/http/errors-doc.js';

/** What the SDK says about itself agrees with its package and the project's docs. */
const pkg = JSON.parse(readFileSync('packages/sdk/package.json', 'utf8')) as { version: string; repository?: string | { url?: string } };
const CODES = Object.keys(ERRORS) as ErrorCode[];

describe('the SDK’s name, version and links', () => {
  it('has the version of its package.json, the one its User-Agent sends', () => {
    assert.equal(SDK_VERSION, pkg.version, 'packages/sdk/src/version.ts and packages/sdk/package.json must agree');
    assert.equal(SDK_NAME, 'calendar-access-sdk');
  });

  it('links errors to docs/errors.md of the repository its package.json names', () => {
    const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
    assert.ok(repository, 'packages/sdk/package.json names its repository');
    assert.equal(REPOSITORY_URL, repository.replace(/^git\+/, '').replace(/\.git$/, ''));
    assert.equal(ERRORS_DOC_URL, `${REPOSITORY_URL}/blob/main/${ERRORS_DOC_FILE}`);
  });

  it('finds in docs/errors.md an anchor named for every code of the error table, in that code’s row', () => {
    const page = readFileSync(ERRORS_DOC_FILE, 'utf8');
    const anchors = [...page.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]);
    assert.deepEqual([...anchors].sort(), [...CODES].sort(), 'one anchor per code, no other');
    for (const code of CODES) {
      const row = page.split('\n').find((line) => line.includes(`| \`${code}\` |`));
      assert.ok(row?.includes(`<a id="${code}"></a>`), `${code}'s row carries its anchor`);
      assert.equal(errorDocUrl(code), `${ERRORS_DOC_URL}#${code}`);
    }
  });

  it('gives every error its entry’s address', () => {
    for (const code of CODES) {
      const e = new CalendarAccessError({ status: ERRORS[code].status, code, message: ERRORS[code].message, requestId: 'req_x' });
      assert.equal(e.docUrl, `${ERRORS_DOC_URL}#${code}`);
      assert.equal(new URL(e.docUrl).hash, `#${code}`);
    }
  });
});
