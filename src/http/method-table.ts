/**
 * Which methods each known path takes, so that a known path with a wrong method answers 405 with
 * `Allow` (Fastify answers 404 for any unmatched method and path).
 *
 * A path belongs to its most specific template, as OpenAPI 3.1 matches paths ("concrete paths are
 * matched before their templated counterparts") and as the router itself picks routes: segment by
 * segment, a fixed segment beats a parameter. `/requests/tasks` is therefore a path of its own that
 * takes POST, never the request `tasks` of `/requests/{id}`, whatever the method.
 */
interface Template {
  pattern: RegExp;
  /** Per segment: true where the template has a parameter. */
  params: boolean[];
  methods: Set<string>;
}

const segments = (url: string) => url.split('/');

/** True when `a` is more specific than `b`: at the first segment where they differ in kind, `a`'s is fixed. */
function moreSpecific(a: Template, b: Template): boolean {
  for (let i = 0; i < Math.min(a.params.length, b.params.length); i++) {
    if (a.params[i] !== b.params[i]) return !a.params[i];
  }
  return false;
}

export class MethodTable {
  /** By shape (`/events/:`): two parameter names at one place are one template. */
  private readonly templates = new Map<string, Template>();
  private readonly byUrl = new Map<string, Template>();
  /** Per template, the more specific templates of the same length that can take its paths: filled on first use. */
  private shadowing: Map<Template, Template[]> | null = null;

  add(url: string, methods: string | string[]): void {
    const parts = segments(url);
    const shape = parts.map((part) => (part.startsWith(':') ? ':' : part)).join('/');
    let entry = this.templates.get(shape);
    if (!entry) {
      const source = parts.map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
      entry = { pattern: new RegExp(`^${source}$`), params: parts.map((p) => p.startsWith(':')), methods: new Set() };
      this.templates.set(shape, entry);
    }
    this.byUrl.set(url, entry);
    for (const m of Array.isArray(methods) ? methods : [methods]) entry.methods.add(m.toUpperCase());
    this.shadowing = null;
  }

  /** The template a path belongs to: the most specific one that matches it, or null when none does. */
  private owner(path: string): Template | null {
    let best: Template | null = null;
    for (const t of this.templates.values()) if (t.pattern.test(path) && (!best || moreSpecific(t, best))) best = t;
    return best;
  }

  /** The methods a path takes (those of its most specific template), or null when no route has that path. */
  allowed(path: string): string[] | null {
    const owner = this.owner(path);
    return owner ? [...owner.methods].sort() : null;
  }

  /**
   * True when the router matched the path of `url` to `template` although a more specific template owns the
   * path (it lacks the method, so the router fell back to a parameter): the call is the owner's, and
   * answers 405. Only templates with a parameter can be shadowed; for the others this is one map look-up.
   */
  shadowed(template: string, url: string): boolean {
    this.shadowing ??= this.shadows();
    const own = this.byUrl.get(template);
    const rivals = own && this.shadowing.get(own);
    if (rivals === undefined) return false;
    const path = url.split('?')[0] ?? '';
    return rivals.some((t) => t.pattern.test(path));
  }

  private shadows(): Map<Template, Template[]> {
    const map = new Map<Template, Template[]>();
    for (const t of this.templates.values()) {
      const rivals = [...this.templates.values()].filter((o) => o !== t && o.params.length === t.params.length && moreSpecific(o, t));
      if (rivals.length > 0) map.set(t, rivals);
    }
    return map;
  }
}
