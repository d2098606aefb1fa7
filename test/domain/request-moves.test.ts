import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  decideMove,
  HANDLED_LINK_DAYS,
  statusLinkExpiry,
  type Actor,
  type Effect,
  type EmailKind,
  type RequestEventType,
  type RequestKind,
  type RequestStatus,
  type Trigger,
} from '../../src/domain/request-moves.js';

/*
 * The expectation is written out by hand from docs/spec-decisions.md §3 (and §10 for the emails), not derived
 * from MOVES: one line per (from, trigger, actor, kind) the table allows. Every other combination
 * of the eight statuses, eight triggers, five actors and two kinds must be refused.
 */
const STATUSES: RequestStatus[] = ['pending', 'accepted', 'declined', 'withdrawn', 'expired', 'rescheduled', 'cancelled', 'completed'];
const TRIGGERS: Trigger[] = ['accept', 'decline', 'withdraw', 'expire', 'reschedule', 'confirm', 'cancel', 'complete'];
const ACTORS: Actor[] = ['owner', 'requester', 'token', 'clock', 'todo'];
const KINDS: RequestKind[] = ['appointment', 'task'];

interface Expected {
  to: RequestStatus;
  event: RequestEventType | null;
  effects: Effect[];
  email: EmailKind | null;
  undoable: boolean;
}

const key = (from: RequestStatus, trigger: Trigger, by: Actor, kind: RequestKind) => `${from} ${trigger} by ${by} (${kind})`;

const EXPECTED = new Map<string, Expected>();
function allow(from: RequestStatus, trigger: Trigger, by: Actor, kind: RequestKind, e: Expected): void {
  const k = key(from, trigger, by, kind);
  assert.ok(!EXPECTED.has(k), `expectation written twice: ${k}`);
  EXPECTED.set(k, e);
}

// pending → accepted: the owner accepts. Appointment: on the calendar, completes at its end; task: a to-do.
allow('pending', 'accept', 'owner', 'appointment', { to: 'accepted', event: 'request.accepted', effects: ['calendar:put', 'timer:complete'], email: 'accepted', undoable: true });
allow('pending', 'accept', 'owner', 'task', { to: 'accepted', event: 'request.accepted', effects: ['todo:create'], email: 'accepted', undoable: true });
// pending → declined: the owner declines.
for (const kind of KINDS) allow('pending', 'decline', 'owner', kind, { to: 'declined', event: 'request.declined', effects: [], email: 'declined', undoable: true });
// pending → withdrawn: the requester (status page) or the creating token; at once, no email.
for (const kind of KINDS) {
  for (const by of ['requester', 'token'] as const) allow('pending', 'withdraw', by, kind, { to: 'withdrawn', event: 'request.withdrawn', effects: [], email: null, undoable: false });
}
// pending → expired: its time passes unanswered.
for (const kind of KINDS) allow('pending', 'expire', 'clock', kind, { to: 'expired', event: 'request.expired', effects: [], email: 'expired', undoable: false });
// pending, accepted, rescheduled (appointment) → rescheduled: the owner proposes a new time (again).
for (const from of ['pending', 'accepted', 'rescheduled'] as const) {
  allow(from, 'reschedule', 'owner', 'appointment', { to: 'rescheduled', event: 'appointment.rescheduled', effects: ['calendar:move', 'timer:expire'], email: 'rescheduled', undoable: true });
}
// rescheduled → accepted: the requester confirms on the status page.
allow('rescheduled', 'confirm', 'requester', 'appointment', { to: 'accepted', event: 'appointment.confirmed', effects: ['calendar:put', 'timer:complete'], email: null, undoable: false });
// rescheduled, accepted (appointment) → cancelled: the owner (undoable) or the requester (at once).
for (const from of ['accepted', 'rescheduled'] as const) {
  allow(from, 'cancel', 'owner', 'appointment', { to: 'cancelled', event: 'appointment.cancelled', effects: ['calendar:remove'], email: 'cancelled', undoable: true });
  allow(from, 'cancel', 'requester', 'appointment', { to: 'cancelled', event: 'appointment.cancelled', effects: ['calendar:remove'], email: 'cancelled', undoable: false });
}
// rescheduled → expired: the proposed time passes unconfirmed (a calendar event moved there goes).
allow('rescheduled', 'expire', 'clock', 'appointment', { to: 'expired', event: 'request.expired', effects: ['calendar:remove'], email: 'expired', undoable: false });
// accepted (appointment) → completed: the slot's end passes.
allow('accepted', 'complete', 'clock', 'appointment', { to: 'completed', event: 'appointment.completed', effects: [], email: null, undoable: false });
// accepted (task) → completed: its to-do is completed; task.completed tells of it, no request event.
allow('accepted', 'complete', 'todo', 'task', { to: 'completed', event: null, effects: [], email: null, undoable: false });

describe('decideMove: the state table of docs/spec-decisions.md §3', () => {
  it('the hand-written expectation has the 21 allowed combinations of the table', () => {
    assert.equal(EXPECTED.size, 21);
  });

  for (const [k, e] of EXPECTED) {
    it(`allows ${k} → ${e.to}`, () => {
      const [from, trigger, , by, kindParen] = k.split(' ') as [RequestStatus, Trigger, string, Actor, string];
      const kind = kindParen.slice(1, -1) as RequestKind;
      const verdict = decideMove({ status: from, kind }, trigger, by);
      assert.ok(verdict.ok, k);
      assert.equal(verdict.rule.to, e.to);
      assert.equal(verdict.rule.event, e.event);
      assert.deepEqual([...verdict.rule.effects].sort(), [...e.effects].sort());
      assert.equal(verdict.rule.email, e.email);
      assert.equal(verdict.rule.undoable, e.undoable);
      assert.equal(verdict.rule.trigger, trigger);
    });
  }

  it('refuses every one of the other 619 (status × trigger × actor × kind) combinations', () => {
    let refused = 0;
    let allowed = 0;
    const wrong: string[] = [];
    for (const status of STATUSES) {
      for (const trigger of TRIGGERS) {
        for (const by of ACTORS) {
          for (const kind of KINDS) {
            const k = key(status, trigger, by, kind);
            const verdict = decideMove({ status, kind }, trigger, by);
            if (EXPECTED.has(k)) {
              allowed += 1;
              if (!verdict.ok) wrong.push(`refused but allowed by §3: ${k}`);
            } else {
              refused += 1;
              if (verdict.ok) wrong.push(`allowed but not in §3: ${k} → ${verdict.rule.to}`);
            }
          }
        }
      }
    }
    assert.deepEqual(wrong, []);
    assert.equal(allowed + refused, STATUSES.length * TRIGGERS.length * ACTORS.length * KINDS.length);
    assert.equal(refused, 640 - 21);
  });

  it('leaves no way out of the final states, whoever asks', () => {
    for (const status of ['declined', 'withdrawn', 'expired', 'cancelled', 'completed'] as const) {
      for (const trigger of TRIGGERS) for (const by of ACTORS) for (const kind of KINDS) assert.equal(decideMove({ status, kind }, trigger, by).ok, false, key(status, trigger, by, kind));
    }
  });

  it('lets only the owner make the undoable moves, and every owner move but none other is undoable', () => {
    for (const status of STATUSES) {
      for (const trigger of TRIGGERS) {
        for (const by of ACTORS) {
          for (const kind of KINDS) {
            const v = decideMove({ status, kind }, trigger, by);
            if (v.ok) assert.equal(v.rule.undoable, by === 'owner', key(status, trigger, by, kind));
          }
        }
      }
    }
  });

  it('never takes a task to an appointment-only state or effect', () => {
    for (const status of STATUSES) {
      for (const trigger of TRIGGERS) {
        for (const by of ACTORS) {
          const v = decideMove({ status, kind: 'task' }, trigger, by);
          if (!v.ok) continue;
          assert.ok(!['rescheduled', 'cancelled'].includes(v.rule.to), key(status, trigger, by, 'task'));
          assert.ok(!v.rule.effects.some((e) => e.startsWith('calendar:') || e === 'timer:complete'), key(status, trigger, by, 'task'));
          assert.ok(!v.rule.event?.startsWith('appointment.'), key(status, trigger, by, 'task'));
        }
      }
    }
  });
});

describe('statusLinkExpiry (docs/spec-decisions.md §4: until 30 days after the request is handled)', () => {
  const DAY = 86_400_000;
  const t = (s: string) => new Date(s);

  it('is 30 days', () => {
    assert.equal(HANDLED_LINK_DAYS, 30);
  });

  it('for a pending appointment: 30 days after the slot end when that is later than the last change', () => {
    const r = { status: 'pending' as const, expiresAt: t('2026-04-10T08:00:00Z'), slotEnd: t('2026-04-10T08:30:00Z'), updatedAt: t('2026-03-30T06:00:00Z') };
    assert.equal(statusLinkExpiry(r).toISOString(), '2026-05-10T08:30:00.000Z');
  });

  it('for a pending task without a slot: 30 days after its time', () => {
    const r = { status: 'pending' as const, expiresAt: t('2026-03-29T22:00:00Z'), slotEnd: null, updatedAt: t('2026-03-28T12:00:00Z') };
    assert.equal(statusLinkExpiry(r).toISOString(), '2026-04-28T22:00:00.000Z');
  });

  it('for an open request whose time is already behind its last change: 30 days after the change', () => {
    for (const status of ['pending', 'accepted', 'rescheduled'] as const) {
      const r = { status, expiresAt: t('2026-03-01T00:00:00Z'), slotEnd: t('2026-03-01T00:30:00Z'), updatedAt: t('2026-03-05T10:00:00.250Z') };
      assert.equal(statusLinkExpiry(r).getTime(), t('2026-03-05T10:00:00.250Z').getTime() + 30 * DAY, status);
    }
  });

  it('for an accepted or rescheduled appointment: follows the slot end', () => {
    for (const status of ['accepted', 'rescheduled'] as const) {
      const r = { status, expiresAt: t('2026-06-01T07:00:00Z'), slotEnd: t('2026-06-01T08:00:00Z'), updatedAt: t('2026-05-01T00:00:00Z') };
      assert.equal(statusLinkExpiry(r).toISOString(), '2026-07-01T08:00:00.000Z', status);
    }
  });

  it('for a handled request: exactly 30 × 24 h after it was handled, whatever its slot or time (across a DST change too)', () => {
    for (const status of ['declined', 'withdrawn', 'expired', 'cancelled', 'completed'] as const) {
      const r = { status, expiresAt: t('2026-12-01T00:00:00Z'), slotEnd: t('2026-12-01T00:30:00Z'), updatedAt: t('2026-10-20T09:15:00Z') };
      assert.equal(statusLinkExpiry(r).toISOString(), '2026-11-19T09:15:00.000Z', status);
    }
  });
});
