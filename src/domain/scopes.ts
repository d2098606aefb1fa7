/** Scopes of the spec's Authentication table, in the order the spec lists them. */
export const SCOPES = [
  'profile:read',
  'availability:read',
  'events:read',
  'tasks:read',
  'requests:read',
  'requests:contact',
  'requests:create',
  'webhooks',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(s: string): s is Scope {
  return (SCOPES as readonly string[]).includes(s);
}

/** Parses `a,b,c` (CLI, console), refusing unknown names; result in the spec's order, without repeats. */
export function parseScopes(list: readonly string[]): Scope[] {
  const unknown = list.filter((s) => !isScope(s));
  if (unknown.length > 0) throw new Error(`unknown scope ${unknown.map((s) => `"${s}"`).join(', ')}; known: ${SCOPES.join(', ')}`);
  return SCOPES.filter((s) => list.includes(s));
}

export function hasScope(granted: readonly string[], needed: Scope): boolean {
  return granted.includes(needed);
}
