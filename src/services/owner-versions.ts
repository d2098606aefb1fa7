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

type Waiter = { resolve: (v: Versions) => void; reject: (e: unknown) => void };

/**
 * An owner's change counters (migrations 0002, 0010), moved by triggers in the same transaction as
 * any change, on any instance. Caches keyed by a counter (availability, pages of lists) are then
 * never stale.
 *
 * On PGlite, where the triggers' notices reach this process before a write resolves, the counters
 * are read once and kept until a notice names the owner. Elsewhere (PostgreSQL, other processes
 * writing) they are read for every question, in batches: the questions that arrive while a read is
 * on its way are answered together by the next one, a single statement for all their owners. Each
 * question is answered by a read that began after it was asked, so an answer never misses a change
 * committed before the question; under load, one read answers many questions.
 */
export class OwnerVersions {
  /** Counters known to be current: kept only while followChanges hears of every change. */
  private readonly known = new Map<string, Versions>();
  private following = false;
  /** Moves on every change notice, so a read that raced a change is not kept. */
  private changes = 0;
  /** Questions waiting for the next read, by owner. */
  private waiting = new Map<string, Waiter[]>();
  private reading = false;

  constructor(private readonly db: Db) {}

  async followChanges(listen: (channel: string, onPayload: (payload: string) => void) => Promise<void>): Promise<void> {
    await listen('owner_versions', (ownerId) => {
      this.changes += 1;
      this.known.delete(ownerId);
    });
    this.following = true;
  }

  /** Reads the owner's counters afresh next time (an invalidation from another instance). */
  forget(ownerId: string): void {
    this.changes += 1;
    this.known.delete(ownerId);
  }

  get(ownerId: string): Promise<Versions> {
    const known = this.known.get(ownerId);
    if (known) return Promise.resolve(known);
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(ownerId);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(ownerId, [{ resolve, reject }]);
      if (!this.reading) this.readWaiting();
    });
  }

  private readWaiting(): void {
    const batch = this.waiting;
    if (batch.size === 0) return;
    this.waiting = new Map();
    this.reading = true;
    const before = this.changes;
    ownerVersions(this.db, [...batch.keys()])
      .then((read) => {
        for (const [ownerId, waiters] of batch) {
          const versions = read.get(ownerId)!;
          if (this.following && this.changes === before) {
            if (this.known.size >= MAX_OWNERS) this.known.delete(this.known.keys().next().value!);
            this.known.set(ownerId, versions);
          }
          for (const w of waiters) w.resolve(versions);
        }
      })
      .catch((e: unknown) => {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(e);
      })
      .finally(() => {
        this.reading = false;
        this.readWaiting();
      });
  }
}
