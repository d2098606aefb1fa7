import type { FastifyReply, FastifyRequest } from 'fastify';
import { canonicalLocale } from '../domain/request-rules.js';

/**
 * The language of the pages a visitor (a requester) sees: the booking page, its form and the status
 * page. Chosen from, in order: a `lang` query parameter (the switcher's links; it is remembered in a
 * `lang` cookie), that cookie, the first `Accept-Language` tag (by weight) of a language we have, else
 * English. Dates and times are formatted in the visitor's own tag when its language is the one chosen
 * (en-GB keeps its 24-hour clock, en-US its 12-hour one), else in the language alone.
 */
export const PAGE_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

export const LANGUAGE_NAMES: Record<PageLanguage, string> = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español' };

export const LANG_COOKIE = 'lang';

export interface VisitorLanguage {
  /** The language the page is written in. */
  lang: PageLanguage;
  /** The BCP 47 tag dates and times are formatted in (a tag of `lang`). */
  locale: string;
}

const isLanguage = (s: string | undefined): s is PageLanguage => !!s && (PAGE_LANGUAGES as readonly string[]).includes(s);
const languageOf = (tag: string) => tag.split('-')[0]!.toLowerCase();

/** The Accept-Language tags, by weight (the order given when weights tie). */
export function acceptedTags(header: string | undefined): string[] {
  return String(header ?? '')
    .split(',')
    .slice(0, 20)
    .map((part, i) => {
      const [tag = '', ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: canonicalLocale(tag), weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((t): t is { tag: string; weight: number; i: number } => !!t.tag && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i)
    .map((t) => t.tag);
}

function cookieLanguage(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, v] = part.split('=').map((s) => s.trim());
    if (k === LANG_COOKIE) return v;
  }
  return undefined;
}

/** The page language from what the visitor asked for (query, cookie, headers), pure. */
export function chooseLanguage(o: { query?: string; cookie?: string; acceptLanguage?: string; fallbackTag?: string }): VisitorLanguage {
  const tags = acceptedTags(o.acceptLanguage);
  const withTag = (lang: PageLanguage): VisitorLanguage => ({ lang, locale: [...tags, o.fallbackTag ?? ''].find((t) => t && languageOf(t) === lang) ?? lang });
  if (isLanguage(o.query)) return withTag(o.query);
  if (isLanguage(o.cookie)) return withTag(o.cookie);
  for (const tag of [...tags, o.fallbackTag ?? '']) {
    const lang = tag && languageOf(tag);
    if (isLanguage(lang)) return withTag(lang);
  }
  return { lang: 'en', locale: 'en' };
}

/** The visitor's language for this request; remembers a `lang` chosen in the query in a cookie (a year). */
export function visitorLanguage(request: FastifyRequest, reply: FastifyReply, fallbackTag?: string): VisitorLanguage {
  const query = (request.query as { lang?: string } | undefined)?.lang;
  const chosen = chooseLanguage({ query, cookie: cookieLanguage(request), acceptLanguage: request.headers['accept-language'], fallbackTag });
  if (isLanguage(query)) reply.header('Set-Cookie', `${LANG_COOKIE}=${query}; Path=/; Max-Age=31536000; SameSite=Lax`);
  return chosen;
}
