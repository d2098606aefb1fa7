/**
 * Which methods each known path takes, so that a known path with a wrong method answers 405 with
 * `Allow` (Fastify answers 404 for any unmatched method and path).
 */
export class MethodTable {
  private readonly routes: { pattern: RegExp; methods: Set<string> }[] = [];

  add(url: string, methods: string | string[]): void {
    const source = url
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    const pattern = new RegExp(`^${source}$`);
    let entry = this.routes.find((r) => r.pattern.source === pattern.source);
    if (!entry) {
      entry = { pattern, methods: new Set() };
      this.routes.push(entry);
    }
    for (const m of Array.isArray(methods) ? methods : [methods]) entry.methods.add(m.toUpperCase());
  }

  /** The methods a path takes, or null when no route has that path. */
  allowed(path: string): string[] | null {
    const methods = new Set<string>();
    for (const r of this.routes) if (r.pattern.test(path)) for (const m of r.methods) methods.add(m);
    return methods.size > 0 ? [...methods].sort() : null;
  }
}
