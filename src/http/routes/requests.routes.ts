import Type from 'typebox';
import { asUuid } from '../../domain/ids.js';
import { findVisibleRequest, requestFeed } from '../../store/repos/requests.js';
import { notFound } from '../errors.js';
import { keptPage, pageBody, pageWriter, writeFeedPage } from '../page-bytes.js';
import { keyset } from '../keyset.js';
import { checkUpdatedSince, daysBefore, DELETED_MARKER_DAYS, HANDLED_LISTED_DAYS, pageStableUntil } from '../paging.js';
import { presentFeedRequest, presentRequest } from '../presenters/request.js';
import { optionalInstantParam } from '../query-values.js';
import { defineRoute } from '../route.js';
import { BooleanString, Cursor, IdParams, Instant, Limit, Page, StringEnum } from '../schemas/common.js';
import { Request, REQUEST_STATUSES } from '../schemas/resources.js';

const writePage = pageWriter(Request);

const RequestQuery = Type.Object(
  {
    status: Type.Optional(StringEnum(REQUEST_STATUSES)),
    kind: Type.Optional(StringEnum(['appointment', 'task'] as const)),
    createdByThisToken: Type.Optional(BooleanString),
    updatedSince: Type.Optional(Instant),
    includeDeleted: Type.Optional(BooleanString),
    limit: Type.Optional(Limit),
    cursor: Type.Optional(Cursor),
  },
  { additionalProperties: false },
);

export const listRequests = defineRoute({
  method: 'GET',
  url: '/requests',
  operationId: 'listRequests',
  summary: 'Appointment and to-do requests, oldest change first; handled ones for 90 days.',
  tag: 'Requests',
  scope: 'requests:read',
  rateClass: 'read',
  querystring: RequestQuery,
  response: Page(Request, 'RequestPage'),
  errors: ['invalid_input'],
  async handler(ctx) {
    const { query, principal, services, now } = ctx;
    const updatedSince = optionalInstantParam(query.updatedSince, 'updatedSince');
    const includeDeleted = query.includeDeleted === 'true';
    checkUpdatedSince(updatedSince, includeDeleted, now);
    const paging = keyset(ctx, 'requests');
    const { ownerId, tokenId } = principal;
    const createdByThisToken = query.createdByThisToken === undefined ? null : query.createdByThisToken === 'true';
    // What a request shows depends on the token: its own ones, blocked contacts', requests:contact.
    const key = `requests|${ownerId}|${tokenId}|${principal.scopes.join(',')}|${query.status ?? ''}|${query.kind ?? ''}|${createdByThisToken ?? ''}|${updatedSince?.getTime() ?? ''}|${includeDeleted}|${paging.key}`;
    // Requests move the busy counter.
    const page = await keptPage(services, ownerId, 'busy', key, now, async () => {
      const rows = await requestFeed(services.db, {
        ownerId,
        tokenId,
        status: query.status ?? null,
        kind: query.kind ?? null,
        createdByThisToken,
        updatedSince,
        deletedSince: includeDeleted ? daysBefore(now, DELETED_MARKER_DAYS) : null,
        handledSince: daysBefore(now, HANDLED_LISTED_DAYS),
        after: paging.after,
        limit: paging.take,
      });
      const page = writeFeedPage(writePage, rows, paging.limit, (r) => presentFeedRequest(r, principal));
      return { page, stableUntil: pageStableUntil(rows, (r) => (r.status === 'pending' ? null : r.updated_at)) };
    });
    return pageBody(page, paging.next(page.last), includeDeleted);
  },
});

export const getRequest = defineRoute({
  method: 'GET',
  url: '/requests/:id',
  operationId: 'getRequest',
  summary: 'One request; handled ones are readable for 90 days after their last change.',
  tag: 'Requests',
  scope: 'requests:read',
  rateClass: 'read',
  params: IdParams,
  response: Request,
  errors: ['not_found'],
  async handler({ params, principal, services, now }) {
    const id = asUuid(params.id);
    const row = id
      ? await findVisibleRequest(services.db, { ownerId: principal.ownerId, tokenId: principal.tokenId, id, handledSince: daysBefore(now, HANDLED_LISTED_DAYS) })
      : undefined;
    if (!row) throw notFound();
    return presentRequest(row, principal);
  },
});
