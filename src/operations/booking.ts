import { getBookingSettings, setBookingSettings, type BookingSettings } from '../services/booking.js';
import { requireOwner } from '../services/owners.js';
import { stringArg, type Operation } from './operation.js';

export const bookingGetOperation: Operation<BookingSettings> = async (rt, args) => {
  const owner = await requireOwner(rt.store.db, stringArg(args, 'owner'));
  return getBookingSettings(rt.store.db, owner.id);
};

/** `settings` is the parsed JSON document; the service checks every field of it. */
export const bookingSetOperation: Operation<BookingSettings> = async (rt, args) => {
  const owner = await requireOwner(rt.store.db, stringArg(args, 'owner'));
  return setBookingSettings(rt.store.db, rt.clock, owner.id, args.settings);
};
