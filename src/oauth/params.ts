import { OAuthError } from './errors.js';

/**
 * Reading OAuth parameters strictly (RFC 6749 §3.1: "Request and response parameters MUST NOT be
 * included more than once"): each is one string of at most MAX_PARAM characters, or absent. A
 * parameter sent empty is treated as absent (§3.1). Anything else is `invalid_request`.
 */
export const MAX_PARAM = 2048;

export type RawParams = Record<string, unknown> | null | undefined;

export type ParamProblem = { name: string; description: string };

/** The parameter's one value, undefined when absent; a problem when repeated, too long or not text. */
export function readParam(params: RawParams, name: string): string | undefined | ParamProblem {
  const v = params?.[name];
  if (v === undefined || v === '') return undefined;
  if (Array.isArray(v)) return { name, description: `${name} is given more than once.` };
  if (typeof v !== 'string') return { name, description: `${name} must be text.` };
  if (v.length > MAX_PARAM) return { name, description: `${name} is longer than ${MAX_PARAM} characters.` };
  return v;
}

export const isProblem = (v: string | undefined | ParamProblem): v is ParamProblem => typeof v === 'object';

/** The parameter or an `invalid_request` thrown. */
export function param(params: RawParams, name: string): string | undefined {
  const v = readParam(params, name);
  if (isProblem(v)) throw new OAuthError('invalid_request', v.description);
  return v;
}

export function requiredParam(params: RawParams, name: string): string {
  const v = param(params, name);
  if (v === undefined) throw new OAuthError('invalid_request', `${name} is required.`);
  return v;
}
