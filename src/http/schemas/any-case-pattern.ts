/**
 * A JSON Schema `pattern` admitting exactly the given names, each in any mix of upper and lower
 * case ASCII letters. JSON Schema patterns take no flags, so `[Ee][Uu]…` stands for a case-insensitive
 * match; the names share their beginnings in one tree (`America/` once for 160 names), which keeps
 * the 597 zone names to about 16 KB instead of 32. Every client validator reads it as the server does.
 */
export function anyCasePattern(names: readonly string[]): string {
  const root = new Node();
  for (const name of names) {
    let at = root;
    for (const ch of name.toLowerCase()) at = at.child(ch);
    at.ends = true;
  }
  return `^${root.pattern()}$`;
}

class Node {
  readonly children = new Map<string, Node>();
  ends = false;

  child(ch: string): Node {
    let next = this.children.get(ch);
    if (!next) this.children.set(ch, (next = new Node()));
    return next;
  }

  /** What follows this node: its branches, optional when a name may end here. */
  pattern(): string {
    const branches = [...this.children].map(([ch, next]) => atom(ch) + next.pattern());
    if (branches.length === 0) return '';
    const group = branches.length === 1 && !this.ends ? branches[0]! : `(?:${branches.join('|')})`;
    return this.ends ? `${group}?` : group;
  }
}

/** One character: a letter as both its cases, a character a pattern gives a meaning to escaped. */
function atom(ch: string): string {
  if (/[a-z]/.test(ch)) return `[${ch.toUpperCase()}${ch}]`;
  return /[A-Za-z0-9_/-]/.test(ch) ? ch : `\\${ch}`;
}
