import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FLUSH_AT_ROWS, MAX_PENDING, RequestLogBuffer } from '../../src/request-log/buffer.js';
import { unpackCalls, type PackedBatch, type RequestLogEntry } from '../../src/store/repos/request-log-pack.js';

// The request log's writer on its own: what it hands the database, packed, is exactly what was
// recorded, owner by owner and in order, through growth, failed writes and a full buffer.

const OWNERS = ['0b7e4c52-3f7a-4f5e-9d0a-1c2b3d4e5f60', '6f1c3a52-7a57-4a0e-9a53-3d3a4f1c2b10'];
const T0 = Date.UTC(2026, 2, 29, 0, 59, 59, 500); // Europe's spring-forward instant, half a second before

function call(n: number, over: Partial<RequestLogEntry> = {}): RequestLogEntry {
  return {
    ownerId: OWNERS[n % 2]!, sourceId: `src-${n % 3}`, tokenId: `tok-${n % 3}`, at: new Date(T0 + n * 7), method: n % 5 === 0 ? 'POST' : 'GET',
    path: n % 4 === 0 ? '/api/v1/events/:id' : `/api/v1/events?from&to&limit`, status: n % 9 === 0 ? 422 : 200, code: n % 9 === 0 ? 'invalid_input' : null,
    requestId: `req_${String(n).padStart(22, 'A').replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`, durationUs: 80 + (n % 50) * 13,
    ...over,
  };
}

/** A writer that keeps what it is given, failing while `failing` says so. */
function recorder() {
  const written: PackedBatch[][] = [];
  const warnings: string[] = [];
  const state = { failing: false, gate: null as Promise<void> | null };
  const write = async (batches: readonly PackedBatch[]) => {
    if (state.gate) await state.gate;
    if (state.failing) throw new Error('the database is away');
    written.push([...batches]);
  };
  const log = { info: () => undefined, error: () => undefined, warn: (_o: unknown, msg: string) => void warnings.push(msg) };
  return { written, warnings, state, buffer: new RequestLogBuffer(write, log) };
}

/** Every call written, per owner in the order written, as the console reads them back. */
function readBack(written: PackedBatch[][]): Map<string, RequestLogEntry[]> {
  const byOwner = new Map<string, RequestLogEntry[]>();
  let batchId = 1;
  for (const flush of written) {
    for (const b of flush) {
      const calls = unpackCalls(String(batchId++), b.ownerId, b.calls).map(({ id: _id, ...entry }) => entry);
      assert.equal(calls.length, b.n);
      assert.equal(b.firstAt.getTime(), Math.min(...calls.map((c) => c.at.getTime())));
      assert.equal(b.lastAt.getTime(), Math.max(...calls.map((c) => c.at.getTime())));
      byOwner.set(b.ownerId, [...(byOwner.get(b.ownerId) ?? []), ...calls]);
    }
  }
  return byOwner;
}

const perOwner = (entries: RequestLogEntry[]) => new Map(OWNERS.map((o) => [o, entries.filter((e) => e.ownerId === o)]));

describe('the request log writer', () => {
  it('hands over every field of every call, owner by owner in order, when a flush is asked', async () => {
    const { buffer, written } = recorder();
    const calls = [
      ...Array.from({ length: 40 }, (_, n) => call(n)),
      call(40, { requestId: 'not-one-of-ours', path: '/api/v1/events/Zürich-1' }),
      call(41, { requestId: 'req_ÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄ' }),
      call(43, { requestId: 'req_"quoted\\backslash"____' }),
      // The clock stepped back; the longest duration kept; a code JSON must escape.
      call(42, { at: new Date(T0 - 1500), durationUs: 2_147_483_647, status: 500, code: 'we"ird\\code' }),
    ];
    for (const c of calls) buffer.record(c);
    assert.equal(buffer.size, 44);
    await buffer.flush();
    assert.equal(buffer.size, 0);
    assert.equal(written.length, 1);
    assert.deepEqual(readBack(written), perOwner(calls));
  });

  it('writes by itself at FLUSH_AT_ROWS calls, and keeps what comes meanwhile, past its first room, for the next flush', async () => {
    const { buffer, written, state } = recorder();
    let open!: () => void;
    state.gate = new Promise((r) => (open = r));
    const calls = Array.from({ length: FLUSH_AT_ROWS + 2600 }, (_, n) => call(n));
    for (const c of calls) buffer.record(c);
    // The first FLUSH_AT_ROWS went to the database, which has not answered; the rest wait.
    assert.equal(buffer.size, 2600);
    open();
    state.gate = null;
    await buffer.flush();
    assert.equal(buffer.size, 0);
    assert.equal(written.length, 2);
    assert.deepEqual(readBack(written), perOwner(calls));
  });

  it('a failed write is tried again first, before newer calls; nothing is lost or doubled', async () => {
    const { buffer, written, warnings, state } = recorder();
    const calls = Array.from({ length: 30 }, (_, n) => call(n));
    state.failing = true;
    for (const c of calls.slice(0, 20)) buffer.record(c);
    await buffer.flush();
    assert.equal(written.length, 0);
    assert.equal(buffer.size, 20);
    assert.match(warnings[0]!, /could not write the request log; trying again/);
    for (const c of calls.slice(20)) buffer.record(c);
    state.failing = false;
    await buffer.flush();
    assert.equal(buffer.size, 0);
    assert.deepEqual(readBack(written), perOwner(calls));
  });

  it('while the database does not take them, calls past MAX_PENDING are dropped and counted', async () => {
    const { buffer, written, warnings, state } = recorder();
    state.failing = true;
    let open!: () => void;
    state.gate = new Promise((r) => (open = r));
    const calls = Array.from({ length: FLUSH_AT_ROWS + MAX_PENDING + 25 }, (_, n) => call(n));
    for (const c of calls) buffer.record(c);
    // FLUSH_AT_ROWS calls are with the failing write; MAX_PENDING more wait; the last 25 were dropped.
    assert.equal(buffer.size, MAX_PENDING);
    open();
    state.gate = null;
    await buffer.flush();
    // Put back in front of the newer ones, as far as room allowed: nothing past MAX_PENDING waits.
    assert.ok(buffer.size <= MAX_PENDING);
    const dropped = warnings.find((w) => /dropped/.test(w));
    assert.ok(dropped, warnings.join('\n'));
    const n = Number(/dropped (\d+) calls/.exec(dropped)![1]);
    assert.equal(buffer.size + n, calls.length, 'every call is either waiting or counted as dropped');
    state.failing = false;
    await buffer.flush();
    assert.equal(buffer.size, 0);
    const back = readBack(written);
    assert.equal([...back.values()].reduce((s, l) => s + l.length, 0), calls.length - n);
    // What was written is, per owner, the calls in order with some left out, never reordered.
    for (const [owner, list] of back) {
      const order = list.map((c) => calls.indexOf(calls.find((x) => x.requestId === c.requestId && x.ownerId === owner)!));
      assert.deepEqual(order, [...order].sort((a, b) => a - b));
    }
  });
});
