import { readFileSync } from 'node:fs';

/**
 * The guides of the API reference (/docs), taken from the project's Markdown in docs/ so there is
 * one text to keep: each guide is a list of sections, a section being a file and the heading it
 * starts at (up to the next heading of the same level), or a whole file below its title.
 */
export interface GuideSource {
  file: string;
  /** The heading line the section starts at; none: the whole file below its `# ` title. */
  heading?: string;
}

export interface Guide {
  title: string;
  sources: GuideSource[];
}

export const GUIDES: readonly Guide[] = [
  { title: 'Authentication', sources: [{ file: 'api.md', heading: '## Authentication' }, { file: 'spec-decisions.md', heading: '## 2. Tokens (GitHub-style, Stripe-style modes)' }] },
  { title: 'Errors', sources: [{ file: 'errors.md' }] },
  { title: 'Rate limits', sources: [{ file: 'api.md', heading: '## Limits' }] },
  { title: 'Idempotency', sources: [{ file: 'spec-decisions.md', heading: '## 5. Idempotency (Stripe, IETF Idempotency-Key draft)' }] },
  { title: 'Paging', sources: [{ file: 'spec-decisions.md', heading: '## 6. Lists and cursors (Google sync tokens)' }] },
  { title: 'Conditional GET (ETag, 304)', sources: [{ file: 'conditional-get.md', heading: '## Decisions' }, { file: 'conditional-get.md', heading: '## What a 304 costs against the limits' }, { file: 'conditional-get.md', heading: '## The SDK' }] },
  { title: 'Free time of any length', sources: [{ file: 'free-time.md', heading: '## Asking' }, { file: 'free-time.md', heading: '## The rules, exactly' }] },
  { title: 'Syncing a calendar (change feed)', sources: [{ file: 'sync.md' }] },
  { title: 'Repeating events (series)', sources: [{ file: 'series.md', heading: '## The Series record' }, { file: 'series.md', heading: '## Decisions' }] },
  { title: 'Webhooks', sources: [{ file: 'webhooks-receiving.md' }, { file: 'api.md', heading: '### Event types' }, { file: 'webhooks.md', heading: '## Choosing event types' }] },
];

const levelOf = (line: string) => /^(#{1,6}) /.exec(line)?.[1]!.length ?? 0;

/** The lines of one section of a Markdown text, without its heading; throws when the heading is gone (a renamed section). */
export function sectionOf(markdown: string, source: GuideSource): string[] {
  const lines = markdown.split('\n');
  let inFence = false;
  const isHeading = lines.map((line) => {
    if (line.startsWith('```')) inFence = !inFence;
    return !inFence && levelOf(line) > 0;
  });
  const start = source.heading === undefined ? lines.findIndex((l, i) => isHeading[i] && levelOf(l) === 1) : lines.findIndex((l, i) => isHeading[i] && l.trimEnd() === source.heading);
  if (start < 0) throw new Error(`docs/${source.file} has no heading "${source.heading ?? '# …'}": the reference's guides (src/reference/guides.ts) name it`);
  const level = levelOf(lines[start]!);
  let end = lines.findIndex((l, i) => i > start && isHeading[i] && levelOf(l) <= level);
  if (end < 0) end = lines.length;
  return lines.slice(start + 1, end);
}

/**
 * Links between the docs are relative (`[§8](spec-decisions.md)`): on /docs they would lead nowhere,
 * so they become their text and the file they name. Comments are dropped; headings move under the
 * guide's own (`## ` → `#### `, the guide being `### `).
 */
function adapt(lines: string[], shift: number): string[] {
  return lines
    .filter((line) => !/^<!--.*-->$/.test(line.trim()))
    .map((line) => line.replace(/\[([^\]]+)\]\((?!https?:|#)([^)\s]+\.md)(#[^)]*)?\)/g, '$1 (docs/$2)'))
    .map((line) => (levelOf(line) > 0 ? `${'#'.repeat(Math.min(6, levelOf(line) + shift))}${line.slice(levelOf(line))}` : line));
}

/**
 * The guides as one Markdown text, from a reader of docs/ files: each a `<details>` block whose
 * summary is its title (closed, so the operations are one screen down, not ten), its headings
 * moved under the guide's level (`####`).
 */
export function guidesMarkdown(read: (file: string) => string, guides: readonly Guide[] = GUIDES): string {
  return guides
    .map((guide) => {
      const body = guide.sources.flatMap((source) => {
        const lines = sectionOf(read(source.file), source);
        const level = source.heading ? levelOf(source.heading) : 1;
        return ['', ...adapt(lines, 3 - level)];
      });
      return [`<details><summary>${guide.title}</summary>`, ...body, '', '</details>'].join('\n').replace(/\n{3,}/g, '\n\n');
    })
    .join('\n\n');
}

/** docs/ of this checkout or image: two folders up from this file, in src/ and in dist/ alike. */
export const DOCS_DIR = new URL('../../docs/', import.meta.url);

export const readDoc = (file: string): string => readFileSync(new URL(file, DOCS_DIR), 'utf8');
