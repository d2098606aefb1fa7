import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { REQUEST_CONTEXT_CARRIED } from '../../src/http/request-context.js';

// Whether the request id rides on every log line depends on how this runtime keeps AsyncLocalStorage
// (src/http/request-context.ts): told apart by behaviour, checked here against Node's own versions.
const major = Number(process.versions.node.split('.')[0]);
const flags = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`;

const carriedIn = (nodeFlags: string[]): string =>
  execFileSync(process.execPath, [...nodeFlags, '--import', 'tsx', '-e', "import('./src/http/request-context.ts').then((m) => console.log(m.REQUEST_CONTEXT_CARRIED))"], { encoding: 'utf8' }).trim();

test('the request context is carried where AsyncLocalStorage is AsyncContextFrame (Node 24 on), not where it runs on async_hooks (Node 20, or 24 told so)', () => {
  if (major >= 24 && !flags.includes('--no-async-context-frame')) {
    assert.equal(REQUEST_CONTEXT_CARRIED, true);
    assert.equal(carriedIn(['--no-async-context-frame']), 'false');
  }
  if (major <= 20) {
    assert.equal(REQUEST_CONTEXT_CARRIED, false);
    assert.equal(carriedIn([]), 'false');
  }
});
