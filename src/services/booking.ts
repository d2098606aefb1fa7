import { parseBookingRules, parseTypeRules, RulesError, storedRules, type BookingRules, type TypeRules } from '../domain/booking-rules.js';
import type { Clock } from '../domain/clock.js';
import { checkHolidayRule } from '../domain/holidays.js';
import { asUuid, newId } from '../domain/ids.js';
import type { Db } from '../store/db.js';
import { deleteAppointmentTypes, insertAppointmentTypes, listAppointmentTypes, updateAppointmentType } from '../store/repos/appointment-types.js';
import { bookingSettingsRow, saveBookingSettings } from '../store/repos/booking.js';
import { ServiceError } from '../domain/service-error.js';

/** One appointment type as the owner edits it: name, duration, and what differs from the owner's rules. */
export interface AppointmentTypeSettings extends TypeRules {
  id: string;
  name: string;
  durationMinutes: number;
}

/** The owner's booking settings as one document: what `booking get` prints and `booking set` takes. */
export type BookingSettings = { enabled: boolean } & Omit<BookingRules, 'appointmentTypes'> & { appointmentTypes: AppointmentTypeSettings[] };

const MAX_TYPES = 50;

export async function getBookingSettings(db: Db, ownerId: string): Promise<BookingSettings> {
  const [row, types] = await Promise.all([bookingSettingsRow(db, ownerId), listAppointmentTypes(db, ownerId)]);
  const rules = storedRules(row?.rules);
  const { appointmentTypes: perType, ...shared } = rules;
  return {
    enabled: row?.enabled ?? false,
    ...shared,
    appointmentTypes: types.map((t) => ({ id: t.id, name: t.name, durationMinutes: t.duration_minutes, ...(perType[t.id] ?? {}) })),
  };
}

interface TypeInput {
  id: string | null;
  name: string;
  durationMinutes: number;
  rules: TypeRules;
}

function parseTypes(v: unknown): TypeInput[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length > MAX_TYPES) throw new RulesError('appointmentTypes', `a list of at most ${MAX_TYPES} appointment types, in the order the booking page shows them`);
  const seen = new Set<string>();
  return v.map((item, i) => {
    const path = `appointmentTypes[${i}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new RulesError(path, 'an object {"name", "durationMinutes", ...}');
    const { id, name, durationMinutes, ...rest } = item as Record<string, unknown>;
    let typeId: string | null = null;
    if (id !== undefined && id !== null) {
      typeId = typeof id === 'string' ? asUuid(id) : null;
      if (!typeId) throw new RulesError(`${path}.id`, 'the id of one of your appointment types (leave it out for a new one)');
      if (seen.has(typeId)) throw new RulesError(`${path}.id`, 'listed twice');
      seen.add(typeId);
    }
    if (typeof name !== 'string' || name.trim().length === 0 || name.length > 200) throw new RulesError(`${path}.name`, '1 to 200 characters');
    if (typeof durationMinutes !== 'number' || !Number.isInteger(durationMinutes) || durationMinutes < 1 || durationMinutes > 1440) {
      throw new RulesError(`${path}.durationMinutes`, 'a whole number of minutes from 1 to 1440');
    }
    return { id: typeId, name: name.trim(), durationMinutes, rules: parseTypeRules(rest, path) };
  });
}

/**
 * Replaces the owner's booking settings with `doc` (the shape getBookingSettings returns) in one
 * transaction: rules, on/off, and the appointment types in their order. A listed type with an id
 * is updated, one without an id is created, and a type left out is deleted (its requests keep it).
 * Throws ServiceError('invalid') naming the first fault; nothing is written then.
 */
export async function setBookingSettings(db: Db, clock: Clock, ownerId: string, doc: unknown): Promise<BookingSettings> {
  let rules: BookingRules;
  let types: TypeInput[];
  let enabled: boolean;
  try {
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new RulesError('(settings)', 'a JSON object');
    const { enabled: on, appointmentTypes, ...rest } = doc as Record<string, unknown>;
    if (on !== undefined && typeof on !== 'boolean') throw new RulesError('enabled', 'true or false');
    enabled = on ?? false;
    rules = parseBookingRules(rest, ['enabled']);
    types = parseTypes(appointmentTypes);
    if (rules.holidays) checkHolidayRule(rules.holidays);
  } catch (e) {
    if (e instanceof RulesError) throw new ServiceError('invalid', e.message);
    throw e;
  }
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    const existing = new Set((await listAppointmentTypes(trx, ownerId)).map((t) => t.id));
    types.forEach((t, i) => {
      if (t.id !== null && !existing.has(t.id)) throw new ServiceError('invalid', `appointmentTypes[${i}].id: ${t.id} is not one of your appointment types (leave the id out to create one)`);
    });
    const perType: Record<string, TypeRules> = {};
    const kept = new Set<string>();
    for (const [position, t] of types.entries()) {
      const id = t.id ?? newId();
      kept.add(id);
      if (Object.keys(t.rules).length > 0) perType[id] = t.rules;
      if (t.id === null) {
        await insertAppointmentTypes(trx, [{ id, owner_id: ownerId, name: t.name, duration_minutes: t.durationMinutes, position, created_at: now, updated_at: now }]);
      } else {
        await updateAppointmentType(trx, ownerId, id, { name: t.name, duration_minutes: t.durationMinutes, position, updated_at: now });
      }
    }
    const gone = [...existing].filter((id) => !kept.has(id));
    if (gone.length > 0) {
      await deleteAppointmentTypes(trx, ownerId, gone, now);
    }
    await saveBookingSettings(trx, ownerId, enabled, { ...rules, appointmentTypes: perType }, now);
  });
  return getBookingSettings(db, ownerId);
}
