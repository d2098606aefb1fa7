import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasControlCharacter } from '../domain/text.js';

/**
 * How the pages read a form, once for every form they take (docs/decisions.md "Hardening"): the
 * urlencoded parser, then one check of every field before any handler runs. A field holding a
 * control character (tab, line feed and carriage return excepted: domain/text.ts, the rule the
 * API's text format states) is refused, naming the field, and the surface shows its form again
 * with the refusal (`again`). No handler can forget the check, and no such text reaches a service
 * or the database (PostgreSQL refuses U+0000: a 500 before).
 */
export interface FormRefusal {
  /** The field's name in the form (`title`, `message`). */
  field: string;
  /** What the page shows above the form. */
  message: string;
  /** The form's fields with control characters taken out, to fill the form again. */
  values: Record<string, string>;
}

export type FormFields = Record<string, string | string[] | undefined>;

const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/gu;
const clean = (s: string) => s.replace(CONTROLS, '');
const codePoint = (s: string) => `U+${(s.match(CONTROLS)?.[0] ?? '\u0000').codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first field of a form (its name or one of its values) that holds a control character, or null. */
export function formRefusal(body: unknown): FormRefusal | null {
  if (body === null || typeof body !== 'object') return null;
  const fields = Object.entries(body as FormFields);
  for (const [name, value] of fields) {
    const texts = [name, ...(Array.isArray(value) ? value : value === undefined ? [] : [value])];
    const bad = texts.find((t) => typeof t === 'string' && hasControlCharacter(t));
    if (bad === undefined) continue;
    const values = Object.fromEntries(fields.map(([k, v]) => [clean(k), clean(Array.isArray(v) ? (v[0] ?? '') : (v ?? ''))]));
    const field = clean(name);
    return { field, values, message: `The field “${field}” holds a control character (${codePoint(bad)}), which this form does not take. Please remove it and send the form again.` };
  }
  return null;
}

/** Shows the form a refused post came from again, with the refusal (the reply's status is 422). */
export type FormAgain = (request: FastifyRequest, reply: FastifyReply, refusal: FormRefusal) => Promise<FastifyReply> | FastifyReply;

/** Lets `scope`'s routes take urlencoded forms, each checked before its handler; `again` answers a refused one. */
export async function acceptForms(scope: FastifyInstance, again: FormAgain): Promise<void> {
  await scope.register(formbody);
  scope.addHook('preHandler', async (request, reply) => {
    const refusal = formRefusal(request.body);
    if (!refusal) return;
    await again(request, reply.code(422), refusal);
    return reply;
  });
}
