import { asUuid } from '../../domain/ids.js';
import { formatInstant, isValidDate, parseInstant } from '../../domain/instant.js';
import type { Principal } from '../../services/authenticator.js';
import { checkNewRequest, insertNewRequest, type CreatedRequest, type NewRequest } from '../../services/requests/create.js';
import { requestEnv } from '../../services/requests/env.js';
import { withdrawByToken } from '../../services/requests/requester.js';
import { invalidInput, notFound } from '../errors.js';
import { once } from '../idempotency.js';
import { presentRequest } from '../presenters/request.js';
import { defineRoute, type IdempotentContext } from '../route.js';
import { IdParams } from '../schemas/common.js';
import { AppointmentRequestBody, CreatedRequest as CreatedSchema, NoBody, TaskRequestBody } from '../schemas/request-bodies.js';
import { Request } from '../schemas/resources.js';

function instant(text: string, field: string): Date {
  const d = parseInstant(text);
  if (!d) throw invalidInput(field, `"${field}" is not a real instant.`);
  return d;
}

function presentCreated(created: CreatedRequest, principal: Principal) {
  return { request: presentRequest(created.request, principal), statusUrl: { url: created.statusUrl.url, expiresAt: formatInstant(created.statusUrl.expiresAt) } };
}

/** Both create routes: checks outside the transaction, the change and its outcome inside it, once per key. */
function create(ctx: IdempotentContext<unknown, unknown, unknown>, input: NewRequest) {
  const { services, principal, now } = ctx;
  const env = requestEnv(services);
  return once(
    services.db,
    ctx.idempotency,
    () => checkNewRequest(services.availability, input, now),
    async (trx, checked) => presentCreated(await insertNewRequest(trx, env, checked, now), principal),
  );
}

/** What both create routes take alike: who asks (the token), and the requester's fields. */
function asker(principal: Principal, body: { requester: NewRequest['requester']; requesterTimezone: string; requesterLocale: string; notifyRequester?: boolean }) {
  return {
    ownerId: principal.ownerId,
    tokenId: principal.tokenId,
    source: 'api' as const,
    test: principal.mode === 'test',
    requester: body.requester,
    requesterTimezone: body.requesterTimezone,
    requesterLocale: body.requesterLocale,
    notifyRequester: body.notifyRequester ?? false,
  };
}

/**
 * The codes both create routes answer themselves. rate_limited is theirs too, besides the guard's:
 * the requester's 5 a day (docs/spec-decisions.md §4).
 */
const CREATE_ERRORS = ['not_found', 'invalid_input', 'rate_limited', 'too_many_pending'] as const;

export const createAppointmentRequest = defineRoute({
  method: 'POST',
  url: '/requests/appointments',
  operationId: 'createAppointmentRequest',
  summary: "Ask for a slot GET /availability offers; it waits in the owner's inbox until the owner accepts or declines.",
  tag: 'Requests',
  scope: 'requests:create',
  rateClass: 'create',
  body: AppointmentRequestBody,
  response: CreatedSchema,
  successStatus: 201,
  idempotent: true,
  errors: [...CREATE_ERRORS, 'slot_unavailable'],
  async handler(ctx) {
    const { body, principal } = ctx;
    const slot = { start: instant(body.slot.start, 'slot.start'), end: instant(body.slot.end, 'slot.end') };
    return create(ctx, {
      ...asker(principal, body),
      kind: 'appointment',
      appointmentTypeId: body.appointmentTypeId,
      slot,
      ...(body.message !== undefined ? { message: body.message } : {}),
    });
  },
});

export const createTaskRequest = defineRoute({
  method: 'POST',
  url: '/requests/tasks',
  operationId: 'createTaskRequest',
  summary: "Ask the owner to do something; it waits in the owner's inbox until the owner accepts (a to-do) or declines.",
  tag: 'Requests',
  scope: 'requests:create',
  rateClass: 'create',
  body: TaskRequestBody,
  response: CreatedSchema,
  successStatus: 201,
  idempotent: true,
  errors: [...CREATE_ERRORS],
  async handler(ctx) {
    const { body, principal } = ctx;
    if (body.suggestedDueDate !== undefined && !isValidDate(body.suggestedDueDate)) throw invalidInput('suggestedDueDate', '"suggestedDueDate" is not a real date.');
    return create(ctx, {
      ...asker(principal, body),
      kind: 'task',
      message: body.message,
      ...(body.note !== undefined ? { note: body.note } : {}),
      ...(body.suggestedDueDate !== undefined ? { suggestedDueDate: body.suggestedDueDate } : {}),
    });
  },
});

export const withdrawRequest = defineRoute({
  method: 'POST',
  url: '/requests/:id/withdraw',
  operationId: 'withdrawRequest',
  summary: 'Withdraw a request this token created, while it is pending.',
  tag: 'Requests',
  scope: 'requests:create',
  rateClass: 'create',
  params: IdParams,
  body: NoBody,
  response: Request,
  idempotent: true,
  errors: ['not_found', 'invalid_transition'],
  async handler(ctx) {
    const { params, principal, services, now, idempotency } = ctx;
    const env = requestEnv(services);
    return once(
      services.db,
      idempotency,
      async () => {
        const id = asUuid(params.id);
        if (!id) throw notFound();
        return id;
      },
      async (trx, id) => presentRequest(await withdrawByToken(trx, env, { ownerId: principal.ownerId, tokenId: principal.tokenId, requestId: id }, now), principal),
    );
  },
});
