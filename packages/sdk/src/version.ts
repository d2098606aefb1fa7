/**
 * The SDK's name and version, as its User-Agent says them (`calendar-access-sdk/0.1.0 node/v20.20.0`).
 * Kept by hand beside package.json's `version`: test/sdk/metadata.test.ts fails when the two differ.
 */
export const SDK_NAME = 'calendar-access-sdk';
export const SDK_VERSION = '0.1.0';

/** An app that builds on the SDK, named after it in the User-Agent: `my-app/1.2.0 (+https://my-app.example)`. */
export interface AppInfo {
  name: string;
  version?: string;
  url?: string;
}

interface Runtimes {
  Deno?: { version?: { deno?: string } };
  Bun?: { version?: string };
  process?: { versions?: { node?: string } };
  navigator?: { userAgent?: string };
}

/** The runtime and its version: `node/v20.20.0`, `deno/2.1.4`, `bun/1.2.0`, else the navigator's name (Workers). */
export function runtimeOf(g: Runtimes = globalThis as unknown as Runtimes): string {
  if (g.Deno?.version?.deno) return `deno/${g.Deno.version.deno}`;
  if (typeof g.Bun?.version === 'string') return `bun/${g.Bun.version}`;
  if (g.process?.versions?.node) return `node/v${g.process.versions.node}`;
  const ua = g.navigator?.userAgent;
  return ua ? ua.replace(/[^\x20-\x7e]/g, '').slice(0, 64) : 'unknown-runtime';
}

/** The User-Agent of every call: the SDK, its version, the runtime, then the app when it names itself. */
export function userAgentOf(app?: AppInfo): string {
  const parts = [`${SDK_NAME}/${SDK_VERSION}`, runtimeOf()];
  if (app?.name) parts.push(`${token(app.name)}${app.version ? `/${token(app.version)}` : ''}${app.url ? ` (+${app.url.replace(/[()\s]/g, '')})` : ''}`);
  return parts.join(' ');
}

/** A product token of RFC 9110 §10.1.5: no spaces, slashes or parentheses. */
const token = (s: string): string => s.replace(/[^!#$%&'*+.^_`|~0-9A-Za-z-]/g, '-');

/** The project's repository, as package.json's `repository` names it (test/sdk/metadata.test.ts compares them). */
export const REPOSITORY_URL = 'https://github.com/calendar-access/calendar-access';

/**
 * docs/errors.md, where every error code has an anchor of its own name (`#slot_unavailable`):
 * `CalendarAccessError.docUrl` links there. Codes are stable and only added, so the main branch's
 * page describes every code an older SDK knows.
 */
export const ERRORS_DOC_URL = `${REPOSITORY_URL}/blob/main/docs/errors.md`;
