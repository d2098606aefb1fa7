import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { lexer, walkTokens } from 'marked';

// Whoever has the repository has only the repository: the docs must stand on their own.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Folders that are not the project's own text: installed, built, or written at run time. */
const NOT_OURS = new Set(['node_modules', 'dist', 'site', 'data', '.git', 'screenshots']);
const TEXT = /\.(ts|mjs|js|json|md|sh)$|^run$/;

function textFiles(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return NOT_OURS.has(name) || (name.startsWith('.') && name !== '.ci') ? [] : textFiles(full);
    return TEXT.test(name) && name !== 'package-lock.json' ? [full] : [];
  });
}

const relative = (file: string) => path.relative(ROOT, file);
const MARKDOWN = [path.join(ROOT, 'README.md'), ...readdirSync(path.join(ROOT, 'docs')).filter((n) => n.endsWith('.md')).map((n) => path.join(ROOT, 'docs', n))];

/** Every link and image target of a Markdown file, as its parser reads it (code blocks hold none). */
function linkTargets(file: string): string[] {
  const targets: string[] = [];
  walkTokens(lexer(readFileSync(file, 'utf8')), (token) => {
    if (token.type === 'link' || token.type === 'image') targets.push((token as { href: string }).href);
  });
  return targets;
}

describe('the docs stand on their own', () => {
  test('every relative link of README.md and docs/*.md names a file of the repository', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of MARKDOWN) {
      for (const href of linkTargets(file)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#')) continue; // another site, or a place on this page
        checked += 1;
        const target = path.resolve(path.dirname(file), decodeURIComponent(href.replace(/[#?].*$/, '')));
        if (!target.startsWith(ROOT) || !existsSync(target)) broken.push(`${relative(file)}: ${href}`);
      }
    }
    assert.ok(checked > 30, `links were found (${checked})`);
    assert.deepEqual(broken, [], 'links to files the repository does not hold');
  });

  test('no file refers outside the repository to the shared folder', () => {
    const outside = ['..', 'shared', ''].join('/');
    const found = textFiles().filter((f) => readFileSync(f, 'utf8').includes(outside) || readFileSync(f, 'utf8').includes(['shared', 'spec', ''].join('/')));
    assert.deepEqual(found.map(relative), []);
  });

  test('every docs/*.md a file names (CLI help, comments, error messages) exists', () => {
    const missing: string[] = [];
    for (const file of textFiles()) {
      for (const [name] of readFileSync(file, 'utf8').matchAll(/\bdocs\/[\w-]+\.md\b/g)) {
        if (!existsSync(path.join(ROOT, name))) missing.push(`${relative(file)}: ${name}`);
      }
    }
    assert.deepEqual(missing, []);
  });

  test('every numbered decision of the spec is cited by its file: docs/spec-decisions.md §N, or a link to it', () => {
    const unnamed: string[] = [];
    for (const file of textFiles()) {
      // A Markdown link "[spec decisions §N](spec-decisions.md)" names its file; so does "spec-decisions.md §N".
      const text = readFileSync(file, 'utf8').replace(/\[spec decisions §[^\]]*\]\([^)]*spec-decisions\.md\)/g, '');
      for (const m of text.matchAll(/.{0,30}\bdecisions §\d.{0,10}/g)) unnamed.push(`${relative(file)}: ${m[0]}`);
    }
    assert.deepEqual(unnamed, [], 'say which file "decisions §N" is in');
  });
});
