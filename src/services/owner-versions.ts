import type { Db } from '../store/db.js';
import { ownerVersions } from '../store/repos/booking.js';

const MAX_OWNERS = 5000;

export interface Versions {
  /** Moves with every change to events, overrides, imported busy time, requests and calendars. */
  busy: string;
  /** Moves with every change to booking rules, appointment types and the owner. */
  settings: string;
  /** Moves with every change to the owner's to-dos. */
  tasks: string;
}

/**
 * An owner's change counters (migration 0002), moved by triggers in the same transaction as any
 * change, on any instance. Reading them is one primary-key read; on PGlite, where the triggers'
 * notices reach this process before a write resolves, they are read once and kept until a notice
 * names the owner. Caches keyed by a counter (availability, pages of events) are then never stale.
 */
export class OwnerVersions {
  /** Counters known to be current: kept only while followChanges hears of every change. */
  private readonly known = new Map<string, Versions>();
  private following = false;
  /** Moves on every change notice, so a read that raced a change is not kept. */
  private changes = 0;

  constructor(private readonly db: Db) {}

  async followChanges(listen: (channel: string, onPayload: (payload: string) => void) => Promise<void>): Promise<void> {
    await listen('owner_versions', (ownerId) => {
      this.changes += 1;
      this.known.delete(ownerId);
    });
    this.following = true;
  }

  async get(ownerId: string): Promise<Versions> {
    const known = this.known.get(ownerId);
    if (known) return known;
    const before = this.changes;
    const read = await ownerVersions(this.db, ownerId);
    if (this.following && this.changes === before) {
      if (this.known.size >= MAX_OWNERS) this.known.delete(this.known.keys().next().value!);
      this.known.set(ownerId, read);
    }
    return read;
  }
}
