/**
 * What a request's time overlaps, for the owner's eyes only (issue 30 point 1; docs/spec-decisions.md §4: "the
 * owner sees conflicts, the API never does"). Pure: the commitments come in, the overlaps go out.
 * Intervals are half-open, so back-to-back appointments (09:00-09:30 and 09:30-10:00) do not clash.
 */

/**
 * - `accepted`: an appointment the owner accepted;
 * - `accepting`: one whose acceptance waits out its undo window (it holds the time already);
 * - `pending`: another request waiting for the owner (it holds nothing: pending requests never do);
 * - `event`: a busy event of the owner's own calendars;
 * - `feed`: busy time imported from one of the owner's feeds.
 */
export type CommitmentKind = 'accepted' | 'accepting' | 'pending' | 'event' | 'feed';

export interface Commitment {
  kind: CommitmentKind;
  start: Date;
  end: Date;
  /** What the owner reads: "Ana Ruiz's Intro call", "Dentist", "Work calendar (feed)". */
  label: string;
  /** The request it is, for the request kinds. */
  requestId: string | null;
}

export interface Slot {
  start: Date;
  end: Date;
}

/** Whether accepting into this needs the owner's confirmation: everything but another pending request. */
export const holdsTime = (c: Commitment): boolean => c.kind !== 'pending';

/** The commitments that overlap `slot`, other than the request `selfId` itself, earliest first. */
export function overlapsOf(slot: Slot, commitments: readonly Commitment[], selfId: string | null): Commitment[] {
  const from = slot.start.getTime();
  const to = slot.end.getTime();
  return commitments
    .filter((c) => c.requestId !== selfId || selfId === null)
    .filter((c) => c.start.getTime() < to && c.end.getTime() > from)
    .sort((a, b) => a.start.getTime() - b.start.getTime() || a.label.localeCompare(b.label));
}

/** One line naming what a time overlaps, for a refusal or a marker: "Ana Ruiz's Intro call (accepted), Dentist (your calendar)". */
export function describeOverlaps(overlaps: readonly Commitment[]): string {
  const what: Record<CommitmentKind, string> = { accepted: 'accepted', accepting: 'being accepted', pending: 'pending', event: 'your calendar', feed: 'a feed' };
  return overlaps.map((c) => `${c.label} (${what[c.kind]})`).join(', ');
}
