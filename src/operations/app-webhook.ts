import { asUuid } from '../domain/ids.js';
import { ServiceError } from '../domain/service-error.js';
import { requireOwner } from '../services/owners.js';
import {
  appEndpointDeliveries, chooseAppEndpointEventTypes, disableAppEndpoint, enableAppEndpoint, endAppEndpointRotation, pingAppEndpoint, removeAppEndpoint, rotateAppEndpointSecret,
  setAppEndpoint, showAppEndpoint,
} from '../webhooks/app-endpoints.js';
import {
  DEFAULT_DELIVERY_LIMIT, deliveryEntry, entry, eventTypesArg, MAX_DELIVERY_LIMIT, requiredEventTypesArg, type DeliveryEntry, type EndpointEntry,
} from './endpoint.js';
import { optionalIntegerArg, optionalStringArg, stringArg, type Operation, type OperationArgs } from './operation.js';

/**
 * An OAuth app's webhook endpoint from the command line (`calendar-access app webhook ...`): the
 * services the console calls, by the app's id (client_id) and its developer's username.
 */
export interface AppEndpointWithSecret {
  endpoint: EndpointEntry;
  /** The signing secret when it was just made (first set, rotation): shown this once; null when an address moved. */
  secret: string | null;
}

async function who(rt: Parameters<Operation>[0], args: OperationArgs) {
  const owner = await requireOwner(rt.store.db, stringArg(args, 'owner'));
  const text = stringArg(args, 'id');
  const appId = asUuid(text);
  if (appId === null) throw new ServiceError('not_found', `no app ${text} of this owner`);
  return { env: { db: rt.store.db, clock: rt.clock }, ownerId: owner.id, appId };
}

export const appWebhookSetOperation: Operation<AppEndpointWithSecret> = async (rt, args) => {
  const w = await who(rt, args);
  const r = await setAppEndpoint({ ...w.env, policy: rt.outbound }, {
    ownerId: w.ownerId, appId: w.appId, url: stringArg(args, 'url'), description: optionalStringArg(args, 'description'), eventTypes: eventTypesArg(args),
  });
  return { endpoint: entry(r.endpoint), secret: r.secret };
};

/** Changes which event types the app's endpoint receives (`app webhook update <id> --events a,b | --all-events`). */
export const appWebhookUpdateOperation: Operation<EndpointEntry> = async (rt, args) => {
  const w = await who(rt, args);
  const chosen = requiredEventTypesArg(args);
  return entry(await chooseAppEndpointEventTypes(w.env, w.ownerId, w.appId, chosen));
};

export const appWebhookShowOperation: Operation<EndpointEntry | null> = async (rt, args) => {
  const w = await who(rt, args);
  const e = await showAppEndpoint(w.env, w.ownerId, w.appId);
  return e ? entry(e) : null;
};

export const appWebhookRotateOperation: Operation<AppEndpointWithSecret> = async (rt, args) => {
  const w = await who(rt, args);
  const r = await rotateAppEndpointSecret(w.env, w.ownerId, w.appId);
  return { endpoint: entry(r.endpoint), secret: r.secret };
};

export const appWebhookEndRotationOperation: Operation<EndpointEntry> = async (rt, args) => {
  const w = await who(rt, args);
  return entry(await endAppEndpointRotation(w.env, w.ownerId, w.appId));
};

export const appWebhookPingOperation: Operation<{ id: string; eventId: string }> = async (rt, args) => {
  const w = await who(rt, args);
  return { id: w.appId, eventId: (await pingAppEndpoint(w.env, w.ownerId, w.appId)).eventId };
};

export const appWebhookDisableOperation: Operation<EndpointEntry> = async (rt, args) => {
  const w = await who(rt, args);
  return entry(await disableAppEndpoint(w.env, w.ownerId, w.appId));
};

export const appWebhookEnableOperation: Operation<EndpointEntry> = async (rt, args) => {
  const w = await who(rt, args);
  return entry(await enableAppEndpoint(w.env, w.ownerId, w.appId));
};

export const appWebhookRemoveOperation: Operation<{ id: string; removed: true }> = async (rt, args) => {
  const w = await who(rt, args);
  await removeAppEndpoint(w.env, w.ownerId, w.appId);
  return { id: w.appId, removed: true };
};

export const appWebhookDeliveriesOperation: Operation<DeliveryEntry[]> = async (rt, args) => {
  const w = await who(rt, args);
  const limit = optionalIntegerArg(args, 'limit') ?? DEFAULT_DELIVERY_LIMIT;
  if (limit < 1 || limit > MAX_DELIVERY_LIMIT) throw new ServiceError('invalid', `limit: 1 to ${MAX_DELIVERY_LIMIT}`, 'limit');
  return (await appEndpointDeliveries(w.env, w.ownerId, w.appId, limit)).map(deliveryEntry);
};
