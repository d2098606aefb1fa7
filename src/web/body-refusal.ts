import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { html, page } from './html.js';

/**
 * What the pages answer when a post's body is refused before any handler reads it
 * (docs/decisions.md "Page bodies"): one status and one sentence per refusal, the same page on
 * every surface (console, booking page, status page), and never a 500. A page takes a browser's
 * form without a file (urlencoded) of at most 256 KiB, as the API takes its JSON; only the
 * calendar import takes multipart/form-data (upload-body.ts), after the session and its token.
 */
export const PAGE_BODY_LIMIT = 256 * 1024;

/** A body refused by the pages' own reading (upload-body.ts): its status and what the page says. */
export class BodyRefused extends Error {
  constructor(
    readonly statusCode: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

export interface BodyRefusal {
  status: 400 | 413 | 415;
  sentence: string;
}

/** Fastify's refusals of a body, by its error codes: each is answered before the body is read on. */
const FASTIFY_REFUSALS: Record<string, BodyRefusal> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    sentence: 'This page takes a form as a browser sends one without a file (application/x-www-form-urlencoded); what was sent is another kind of body, and none of it was read. Go back to the page, reload it and send the form again.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    sentence: 'A form sent to this page is at most 256 KiB; this one is larger, and nothing was done. Go back and send a shorter form.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    sentence: 'The form did not arrive whole (its length was not the length announced), and nothing was done. Please send it again.',
  },
};

/** The refusal an error thrown while reading a page's body stands for, or null when it is no such error. */
export function bodyRefusal(error: unknown): BodyRefusal | null {
  if (error instanceof BodyRefused) return { status: error.statusCode, sentence: error.message };
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? (FASTIFY_REFUSALS[code] ?? null) : null;
}

const TITLES: Record<BodyRefusal['status'], string> = { 400: 'Not read', 413: 'Too large', 415: 'Not a form this page takes' };

/** The page of a refused body. A refusal is the client's doing: logged at info, never as an error. */
export function sendBodyRefusal(request: FastifyRequest, reply: FastifyReply, refusal: BodyRefusal): FastifyReply {
  request.log.info({ status: refusal.status, url: request.url }, 'page body refused');
  const title = TITLES[refusal.status];
  return reply.code(refusal.status).type('text/html; charset=utf-8').send(page({ title, body: html`<h1>${title}</h1><p>${refusal.sentence}</p>` }));
}

/**
 * An answer sent before its request's body was read through closes the connection, as Fastify
 * does for a body over its limit: on a kept-alive connection Node would otherwise read the rest
 * of the body (10 MiB of an unwanted upload) before the next request, for nothing.
 */
export const closeWhenBodyUnread: onSendHookHandler = (request, reply, payload, done) => {
  const raw = request.raw;
  const hasBody = raw.headers['content-length'] !== undefined && raw.headers['content-length'] !== '0' || raw.headers['transfer-encoding'] !== undefined;
  if (hasBody && raw.complete === false) reply.header('connection', 'close');
  done(null, payload);
};
