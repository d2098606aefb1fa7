/**
 * How far the materialised calendar reaches (store/repos/occurrences.ts). Pure: `now` in, instants out.
 *
 * One year back and two years ahead cover what sync clients and the owner's pages read (Google's
 * sync windows are similar); a window outside it is expanded on the fly, exactly as before. A job
 * moves the end forward once it is less than FUTURE - STEP ahead, so the horizon is rebuilt about
 * once a month, a batch of series at a time.
 */
const DAY_MS = 86_400_000;
export const HORIZON_PAST_DAYS = 366;
export const HORIZON_FUTURE_DAYS = 731;
export const HORIZON_STEP_DAYS = 30;

export interface Horizon {
  from: Date;
  until: Date;
}

export function initialHorizon(now: Date): Horizon {
  return { from: new Date(now.getTime() - HORIZON_PAST_DAYS * DAY_MS), until: new Date(now.getTime() + HORIZON_FUTURE_DAYS * DAY_MS) };
}

/** The end the horizon should have now. */
export function wantedUntil(now: Date): Date {
  return new Date(now.getTime() + HORIZON_FUTURE_DAYS * DAY_MS);
}

/** A horizon ready until before this instant is due to be extended (it is less than FUTURE - STEP days ahead). */
export function extendBefore(now: Date): Date {
  return new Date(now.getTime() + (HORIZON_FUTURE_DAYS - HORIZON_STEP_DAYS) * DAY_MS);
}

/** True when a window lies inside what the rows are complete for. */
export function covers(h: { from: Date; readyUntil: Date | null }, from: Date, to: Date): boolean {
  return h.readyUntil !== null && from.getTime() >= h.from.getTime() && to.getTime() <= h.readyUntil.getTime();
}
