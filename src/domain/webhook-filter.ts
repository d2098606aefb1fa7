import type { Scope } from './scopes.js';
import { EVENT_SCOPES, EVENT_TYPES, type EventType } from './webhook-events.js';

/**
 * Which event types a webhook endpoint receives (issue 31 point 5, docs/webhooks.md "Choosing event
 * types"). An endpoint either takes every type its token's (or grant's) scopes allow, types added to
 * the service later included (`null`, every endpoint made before the choice existed), or a list of
 * exact type names: only those, so a type added later is opt-in. Whatever it chose, `ping` and
 * `authorization.revoked` always arrive. The scope check is not here: it is made when the event is
 * recorded, against the scopes of that moment, and wins over any list. Pure.
 */

/** Sent to every endpoint whatever its list: the proof a receiver is wired, and a token's last word. */
export const ALWAYS_SENT = ['ping', 'authorization.revoked'] as const satisfies readonly EventType[];

/** The types an endpoint may choose: the catalogue less ALWAYS_SENT. */
export type ChoosableEventType = Exclude<EventType, (typeof ALWAYS_SENT)[number]>;

const isAlways = (type: string): boolean => (ALWAYS_SENT as readonly string[]).includes(type);

export const CHOOSABLE_EVENT_TYPES = EVENT_TYPES.filter((t) => !isAlways(t)) as ChoosableEventType[];

/** What an endpoint chose: null for every type (later ones included), else a non-empty list. */
export type EventTypeChoice = readonly ChoosableEventType[] | null;

/** The object a type is about: the part before its dot. */
export type EventObject = 'request' | 'appointment' | 'task' | 'event';

/** The choosable types by the object they are about, in the catalogue's order (console checkboxes, CLI errors). */
export const EVENT_TYPE_GROUPS: readonly { object: EventObject; types: readonly ChoosableEventType[] }[] = (['request', 'appointment', 'task', 'event'] as const).map(
  (object) => ({ object, types: CHOOSABLE_EVENT_TYPES.filter((t) => t.startsWith(`${object}.`)) }),
);

/**
 * The one filter, for the owner's endpoints and apps' alike: does an endpoint with this choice take an
 * event of this type? (Once the scopes of that moment have entitled its token or grant to it.)
 */
export function endpointWants(chosen: readonly string[] | null, type: EventType): boolean {
  return chosen === null || isAlways(type) || chosen.includes(type);
}

/** A list refused, with the sentence that says why (the caller names the field). */
export class EventTypesRefused extends Error {}

/**
 * Reads a chosen list (CLI `--events a,b`, console checkboxes): exact names of the catalogue, at
 * least one; repeats dropped, in the catalogue's order. Refused, naming what: an unknown name; a
 * wildcard such as `task.*` (the types it means are listed instead: a wildcard would either let a
 * later type in unasked or quietly stop meaning "every task type"); `ping` or
 * `authorization.revoked` (they always arrive); an empty list (an endpoint that wants nothing is
 * disabled instead); a type whose scope `scopes` lacks (`lacking` ends that sentence: "which the token does not hold").
 */
export function parseEventTypes(list: readonly string[], scopes: readonly string[], lacking: string): ChoosableEventType[] {
  const names = list.map((s) => s.trim()).filter((s) => s !== '');
  if (names.length === 0) throw new EventTypesRefused('choose at least one event type, or every type; an endpoint that wants none should be disabled instead');
  for (const name of names) {
    if (isAlways(name)) throw new EventTypesRefused(`"${name}" always arrives and is not chosen: leave it out`);
    const group = /^([a-z]+)\.\*$/.exec(name);
    if (group) {
      const types = EVENT_TYPE_GROUPS.find((g) => g.object === group[1])?.types;
      throw new EventTypesRefused(
        types
          ? `"${name}": wildcards are not taken, so that a type added later is never sent unasked; name the types: ${types.join(', ')}`
          : `"${name}": wildcards are not taken; known types: ${CHOOSABLE_EVENT_TYPES.join(', ')}`,
      );
    }
    if (!(CHOOSABLE_EVENT_TYPES as readonly string[]).includes(name)) throw new EventTypesRefused(`unknown event type "${name}"; known: ${CHOOSABLE_EVENT_TYPES.join(', ')}`);
  }
  const chosen = CHOOSABLE_EVENT_TYPES.filter((t) => names.includes(t));
  const denied = chosen.filter((t) => !scopes.includes(EVENT_SCOPES[t] as Scope));
  if (denied.length > 0) {
    const needs = denied.map((t) => `"${t}" needs ${EVENT_SCOPES[t]}`).join(', ');
    throw new EventTypesRefused(`${needs}, ${lacking}`);
  }
  return chosen;
}

/** The types a holder of these scopes may choose (the console offers only these), by object; groups left empty are dropped. */
export function choosableGroups(scopes: readonly string[]): { object: EventObject; types: ChoosableEventType[] }[] {
  return EVENT_TYPE_GROUPS.map((g) => ({ object: g.object, types: g.types.filter((t) => scopes.includes(EVENT_SCOPES[t] as Scope)) })).filter((g) => g.types.length > 0);
}
