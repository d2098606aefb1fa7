import { asUuid } from '../domain/ids.js';
import { formatInstant } from '../domain/instant.js';
import type { Deps } from '../deps.js';
import { requireOwner } from '../services/owners.js';
import { ServiceError } from '../domain/service-error.js';
import {
  addEndpoint,
  chooseEventTypes,
  deliveryLog,
  disableEndpointByOwner,
  enableEndpoint,
  endRotation,
  listEndpoints,
  pingEndpoint,
  removeEndpoint,
  rotateSecret,
  type DeliveryLogEntry,
  type EndpointSummary,
} from '../webhooks/endpoints.js';
import type { EndpointDisabledReason } from '../store/schema.js';
import { booleanArg, optionalIntegerArg, optionalStringArg, stringArg, stringListArg, type Operation, type OperationArgs } from './operation.js';

/**
 * Webhook endpoints from the command line: the same services the console calls. Run in the CLI's
 * process or inside `serve` (admin channel); the address is checked under the outbound policy of
 * the process that runs the operation (its ALLOW_PRIVATE_HOSTS).
 */

export interface EndpointEntry {
  id: string;
  /** The token of a personal endpoint; null for an app's endpoint. */
  tokenId: string | null;
  /** The app of an app endpoint (`app webhook ...`); null for a personal one. */
  appId: string | null;
  url: string;
  description: string | null;
  /** The event types it chose (docs/webhooks.md "Choosing event types"); null: every type its scopes allow, later ones included. */
  eventTypes: string[] | null;
  status: 'enabled' | 'disabled';
  disabledReason: EndpointDisabledReason | null;
  disabledAt: string | null;
  /** Until when the previous secret signs alongside the new one; null outside a rotation. */
  previousSecretExpiresAt: string | null;
  lastSuccessAt: string | null;
  failingSince: string | null;
  createdAt: string;
}

/** An endpoint with its signing secret: the answer of add and rotate, the one time the secret is shown. */
export interface EndpointWithSecret {
  endpoint: EndpointEntry;
  secret: string;
}

export interface DeliveryEntry {
  id: string;
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  attemptLog: { attempt: number; startedAt: string; durationMs: number; statusCode: number | null; error: string | null }[];
}

export const MAX_DELIVERY_LIMIT = 100;
export const DEFAULT_DELIVERY_LIMIT = 20;

const instantOrNull = (d: Date | null): string | null => (d === null ? null : formatInstant(d));

export function entry(e: EndpointSummary): EndpointEntry {
  return {
    id: e.id,
    tokenId: e.tokenId,
    appId: e.appId,
    url: e.url,
    description: e.description,
    eventTypes: e.eventTypes,
    status: e.status,
    disabledReason: e.disabledReason,
    disabledAt: instantOrNull(e.disabledAt),
    previousSecretExpiresAt: instantOrNull(e.previousSecretExpiresAt),
    lastSuccessAt: instantOrNull(e.lastSuccessAt),
    failingSince: instantOrNull(e.failingSince),
    createdAt: formatInstant(e.createdAt),
  };
}

export function deliveryEntry(d: DeliveryLogEntry): DeliveryEntry {
  return {
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: instantOrNull(d.nextAttemptAt),
    lastStatus: d.lastStatus,
    lastError: d.lastError,
    createdAt: formatInstant(d.createdAt),
    attemptLog: d.attemptLog.map((a) => ({ attempt: a.attempt, startedAt: formatInstant(a.startedAt), durationMs: a.durationMs, statusCode: a.statusCode, error: a.error })),
  };
}

/** An id argument as a uuid; anything else names nothing (rather than a database error). */
function uuidArg(args: OperationArgs, name: string, notFound: (text: string) => string): string {
  const text = stringArg(args, name);
  const id = asUuid(text);
  if (id === null) throw new ServiceError('not_found', notFound(text));
  return id;
}

/**
 * The event types asked for: `events` (a list: `--events a,b`) or `allEvents` (`--all-events`: every
 * type, later ones included), never both; undefined when neither was given.
 */
export function eventTypesArg(args: OperationArgs): string[] | null | undefined {
  const all = booleanArg(args, 'allEvents');
  const given = args.events !== undefined && args.events !== null;
  if (all && given) throw new ServiceError('invalid', 'event types: --events or --all-events, not both', 'eventTypes');
  if (all) return null;
  return given ? stringListArg(args, 'events') : undefined;
}

/** As eventTypesArg, one of the two required (changing an endpoint's choice). */
export function requiredEventTypesArg(args: OperationArgs): string[] | null {
  const chosen = eventTypesArg(args);
  if (chosen === undefined) throw new ServiceError('invalid', 'event types: name them with --events a,b, or take every type with --all-events', 'eventTypes');
  return chosen;
}

const endpointId = (args: OperationArgs) => uuidArg(args, 'id', (text) => `no webhook endpoint ${text} of this owner`);

async function ownerOf(rt: Deps, args: OperationArgs) {
  return requireOwner(rt.store.db, stringArg(args, 'owner'));
}

export const endpointAddOperation: Operation<EndpointWithSecret> = async (rt, args) => {
  const owner = await ownerOf(rt, args);
  const tokenId = uuidArg(args, 'token', (text) => `no live token ${text} of this owner`);
  const r = await addEndpoint(
    { db: rt.store.db, clock: rt.clock, policy: rt.outbound },
    { ownerId: owner.id, tokenId, url: stringArg(args, 'url'), description: optionalStringArg(args, 'description'), eventTypes: eventTypesArg(args) ?? null },
  );
  return { endpoint: entry(r.endpoint), secret: r.secret };
};

/** Changes which event types the endpoint receives (`endpoint update <id> --events a,b | --all-events`). */
export const endpointUpdateOperation: Operation<EndpointEntry> = async (rt, args) => {
  const owner = await ownerOf(rt, args);
  const id = endpointId(args);
  const chosen = requiredEventTypesArg(args);
  return entry(await chooseEventTypes({ db: rt.store.db, clock: rt.clock }, owner.id, id, chosen));
};

export const endpointListOperation: Operation<EndpointEntry[]> = async (rt, args) => {
  const owner = await ownerOf(rt, args);
  const token = optionalStringArg(args, 'token');
  const tokenId = token === null ? null : asUuid(token);
  // A token id that is no uuid names no token: nothing is listed under it.
  if (token !== null && tokenId === null) return [];
  return (await listEndpoints({ db: rt.store.db, clock: rt.clock }, owner.id, tokenId)).map(entry);
};

export const endpointRemoveOperation: Operation<{ id: string; removed: true }> = async (rt, args) => {
  const owner = await ownerOf(rt, args);
  const id = endpointId(args);
  await removeEndpoint({ db: rt.store.db, clock: rt.clock }, owner.id, id);
  return { id, removed: true };
};

export const endpointRotateOperation: Operation<EndpointWithSecret> = async (rt, args) => {
  const owner = await ownerOf(rt, args);
  const r = await rotateSecret({ db: rt.store.db, clock: rt.clock }, owner.id, endpointId(args));
  return { endpoint: entry(r.endpoint), secret: r.secret };
};

export const endpointEndRotationOperation: Operation<EndpointEntry> = async (rt, args) => {
  const owner = await ownerOf(rt, args);
  return entry(await endRotation({ db: rt.store.db, clock: rt.clock }, owner.id, endpointId(args)));
};

export const endpointPingOperation: Operation<{ id: string; eventId: string }> = async (rt, args) => {
  const owner = await ownerOf(rt, args);
  const id = endpointId(args);
  const r = await pingEndpoint({ db: rt.store.db, clock: rt.clock }, owner.id, id);
  return { id, eventId: r.eventId };
};

export const endpointDisableOperation: Operation<EndpointEntry> = async (rt, args) => {
  const owner = await ownerOf(rt, args);
  return entry(await disableEndpointByOwner({ db: rt.store.db, clock: rt.clock }, owner.id, endpointId(args)));
};

export const endpointEnableOperation: Operation<EndpointEntry> = async (rt, args) => {
  const owner = await ownerOf(rt, args);
  return entry(await enableEndpoint({ db: rt.store.db, clock: rt.clock }, owner.id, endpointId(args)));
};

export const endpointDeliveriesOperation: Operation<DeliveryEntry[]> = async (rt, args) => {
  const owner = await ownerOf(rt, args);
  const id = endpointId(args);
  const limit = optionalIntegerArg(args, 'limit') ?? DEFAULT_DELIVERY_LIMIT;
  if (limit < 1 || limit > MAX_DELIVERY_LIMIT) throw new ServiceError('invalid', `limit: 1 to ${MAX_DELIVERY_LIMIT}`, 'limit');
  return (await deliveryLog({ db: rt.store.db }, owner.id, id, limit)).map(deliveryEntry);
};
