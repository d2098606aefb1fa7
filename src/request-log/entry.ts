/**
 * What one API call leaves in the request log (docs/console.md "Request log"), decided from the
 * route alone: the path the caller asked for, with each parameter's value kept only when it looks
 * like an id, and the query's parameter NAMES only (their values may be anything a caller typed,
 * a secret included). Pure: strings in, a string out.
 */

/** A path parameter's value kept as sent: the shape of the API's ids (uuids, occurrence ids, `req_…`). */
const SAFE_SEGMENT = /^[A-Za-z0-9_.:~-]{1,120}$/;
/** Anything shaped like one of our tokens (`svc_pat_…`, `svc_at_…`) is never kept, even where an id was expected. */
const TOKEN_LIKE = /svc_/i;
const MAX_QUERY_NAMES = 12;
const MAX_PATH = 400;

/**
 * The logged path: `route` is the matched pattern (`/api/v1/events/:id`), `url` the raw URL. A
 * parameter whose value is no id-shaped text stays `:name`; query names the route's schema does not
 * declare (the API refuses them with 422) show as `…`, since an unknown name could itself be text a
 * caller did not mean to send.
 */
export function loggedPath(route: string, url: string, knownQueryNames: ReadonlySet<string>): string {
  const q = url.indexOf('?');
  // The common case (GET /me): no parameter, no query; the route's pattern is the path.
  if (q === -1 && !route.includes(':')) return route.slice(0, MAX_PATH);
  const rawPath = q === -1 ? url : url.slice(0, q);
  const pattern = route.split('/');
  const raw = rawPath.split('/');
  const path =
    pattern.length === raw.length
      ? pattern.map((seg, i) => (seg.startsWith(':') && raw[i] !== undefined && SAFE_SEGMENT.test(raw[i]) && !TOKEN_LIKE.test(raw[i]) ? raw[i] : seg)).join('/')
      : route;
  if (q === -1) return path.slice(0, MAX_PATH);
  const names: string[] = [];
  let unknown = false;
  for (const pair of url.slice(q + 1).split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    if (knownQueryNames.has(name)) {
      if (!names.includes(name) && names.length < MAX_QUERY_NAMES) names.push(name);
    } else unknown = true;
  }
  if (unknown) names.push('…');
  return names.length === 0 ? path.slice(0, MAX_PATH) : `${path}?${names.join('&')}`.slice(0, MAX_PATH);
}

/** Microseconds as a whole number a Postgres `integer` holds (an answer over 35 minutes is cut). */
export const durationMicros = (ms: number): number => Math.min(2_147_483_647, Math.max(0, Math.round(ms * 1000)));
