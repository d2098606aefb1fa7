import type { LightMyRequestResponse } from 'fastify';
import type { ApiHarness } from './api.js';

/**
 * A browser-like session against the in-process app: keeps cookies, sends `Origin` on a post as a
 * browser does (page posts without one are refused), and `submit` copies the page's
 * CSRF token (from the last console page read) into the form, as a browser posting the page would.
 * `address` is the client address every request comes from (default 127.0.0.1).
 */
export interface WebSession {
  get(url: string): Promise<LightMyRequestResponse>;
  /** A form post as is (no token added). */
  post(url: string, fields: Record<string, string>, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** A form post with the session's CSRF token, read from a console page first. */
  submit(url: string, fields: Record<string, string>, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  cookie(): string;
}

export function webSession(api: ApiHarness, options: { address?: string } = {}): WebSession {
  const from = options.address ? { remoteAddress: options.address } : {};
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: LightMyRequestResponse) => {
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return res;
  };
  const get = async (url: string) => keep(await api.app.inject({ method: 'GET', url, ...from, headers: { cookie: cookieHeader(), host: 'cal.example' } }));
  const post = async (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    keep(await api.app.inject({ method: 'POST', url, ...from, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader(), host: 'cal.example', origin: 'https://cal.example', ...headers }, payload: new URLSearchParams(fields).toString() }));
  return {
    get,
    post,
    submit: async (url, fields, headers = {}) => {
      const page = await get('/app/account');
      const token = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
      return post(url, { _csrf: token, ...fields }, headers);
    },
    cookie: cookieHeader,
  };
}
