import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import nodemailer from 'nodemailer';
import { fixedClock } from '../../src/domain/clock.js';
import { EMAIL_SEND, listOutbox, queueEmail } from '../../src/email/outbox.js';
import { emailSendKind, MAX_EMAIL_ATTEMPTS } from '../../src/email/smtp.js';
import { renderRequestEmail } from '../../src/email/templates.js';
import { createOwner } from '../../src/services/owners.js';
import type { Store } from '../../src/store/db.js';
import type { JobRow } from '../../src/store/schema.js';
import { findJobByKey } from '../../src/store/repos/jobs.js';
import { Worker, type JobContext, type WorkerLog } from '../../src/jobs/queue.js';
import { openTestStore } from '../helpers/engines.js';

const T0 = '2026-03-29T00:30:00Z';

const rendered = renderRequestEmail({
  kind: 'received',
  locale: 'en',
  ownerName: 'Olga Owner',
  requestKind: 'appointment',
  typeName: 'Intro call',
  slot: { start: new Date('2026-03-31T08:00:00Z'), end: new Date('2026-03-31T08:30:00Z') },
  requesterTimezone: 'Europe/Berlin',
  suggestedDueDate: null,
  cancelledBy: null,
  statusUrl: 'https://cal.example/r/1',
});

interface Sent {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: unknown;
}

/** Addresses as nodemailer parsed them ({ name, address }, or lists of them): the addresses. */
function addresses(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((a) => (typeof a === 'string' ? a : (a as { address: string }).address));
}

/** nodemailer's JSON transport (nothing leaves the process), keeping what each message was given, or failing. */
function capturingTransport(fail?: string): { transport: nodemailer.Transporter; sent: Sent[] } {
  const transport = nodemailer.createTransport({ jsonTransport: true }) as unknown as nodemailer.Transporter;
  const sent: Sent[] = [];
  transport.use('compile', (mail, done) => {
    if (fail) return done(new Error(fail));
    const d = mail.data;
    sent.push({ from: String(d.from), to: addresses(d.to), subject: String(d.subject), text: String(d.text), html: String(d.html), headers: d.headers });
    done();
  });
  return { transport, sent };
}

function recordingLog(): WorkerLog & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, info: () => undefined, warn: (_o, msg) => void warnings.push(msg), error: () => undefined };
}

describe('sending emails', () => {
  let store: Store;
  let ownerId: string;
  const clock = fixedClock(T0);
  const ctx = (): JobContext => ({ now: clock.now(), clock, signal: new AbortController().signal });

  before(async () => {
    store = await openTestStore('pglite');
    const owner = await createOwner(store.db, fixedClock(T0), { username: 'olga', displayName: 'Olga Owner', timezone: 'Europe/Berlin' });
    ownerId = owner.id;
  });
  after(async () => {
    await store?.close();
  });

  async function queue(to = 'robin@example.com', smtp = true): Promise<{ id: string; job: JobRow | null }> {
    const id = await store.db.transaction().execute((trx) => queueEmail(trx, { ownerId, requestId: null, kind: 'received', to, rendered }, clock.now(), smtp));
    return { id, job: await findJobByKey(store.db, EMAIL_SEND, id) };
  }
  const email = (id: string) => store.db.selectFrom('emails').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('queues an email with a job due now, and sends it', async () => {
    const { id, job } = await queue();
    assert.equal((await email(id)).status, 'queued');
    assert.ok(job);
    assert.equal(job.owner_id, ownerId);
    assert.deepEqual(job.payload, { emailId: id });
    assert.equal(job.run_at.toISOString(), new Date(T0).toISOString());

    const { transport, sent } = capturingTransport();
    const kind = emailSendKind({ db: store.db, smtpUrl: 'smtp://unused.invalid', from: 'Calendar <no-reply@cal.example>', transport });
    assert.deepEqual(kind.backoff, { baseSeconds: 30, maxSeconds: 3600, jitter: 0.2 });
    clock.advance(5_000);
    assert.deepEqual(await kind.run(job, ctx()), { done: true });

    assert.equal(sent.length, 1);
    assert.deepEqual(sent[0]!.to, ['robin@example.com']);
    assert.equal(sent[0]!.from, 'Calendar <no-reply@cal.example>');
    assert.equal(sent[0]!.subject, 'Your request to Olga Owner was received');
    assert.equal(sent[0]!.text, rendered.text);
    assert.equal(sent[0]!.html, rendered.html);
    assert.deepEqual(sent[0]!.headers, { 'Auto-Submitted': 'auto-generated' });

    const row = await email(id);
    assert.equal(row.status, 'sent');
    assert.equal(row.attempts, 1);
    assert.equal(row.last_error, null);
    assert.equal(row.sent_at?.toISOString(), clock.now().toISOString());

    // A second run (the job ran twice) sends nothing more.
    assert.deepEqual(await kind.run(job, ctx()), { done: true });
    assert.equal(sent.length, 1);
  });

  it('records a failed attempt and throws, so the worker retries', async () => {
    const { id, job } = await queue('fail@example.com');
    assert.ok(job);
    const { transport } = capturingTransport('connection refused');
    const kind = emailSendKind({ db: store.db, smtpUrl: 'smtp://unused.invalid', from: 'x@cal.example', transport });
    await assert.rejects(kind.run(job, ctx()), /connection refused/);
    const row = await email(id);
    assert.equal(row.status, 'queued');
    assert.equal(row.attempts, 1);
    assert.equal(row.last_error, 'connection refused');
    assert.equal(row.sent_at, null);
  });

  it(`gives up after ${MAX_EMAIL_ATTEMPTS} attempts: failed, done, a warning`, async () => {
    const { id, job } = await queue('never@example.com');
    assert.ok(job);
    await store.db.updateTable('emails').set({ attempts: MAX_EMAIL_ATTEMPTS - 1 }).where('id', '=', id).execute();
    const log = recordingLog();
    const { transport } = capturingTransport('550 mailbox unavailable');
    const kind = emailSendKind({ db: store.db, smtpUrl: 'smtp://unused.invalid', from: 'x@cal.example', transport, log });
    assert.deepEqual(await kind.run(job, ctx()), { done: true });
    const row = await email(id);
    assert.equal(row.status, 'failed');
    assert.equal(row.attempts, MAX_EMAIL_ATTEMPTS);
    assert.equal(row.last_error, '550 mailbox unavailable');
    assert.equal(log.warnings.length, 1);
  });

  it('is done when the email no longer exists', async () => {
    const { id, job } = await queue('gone@example.com');
    assert.ok(job);
    await store.db.deleteFrom('emails').where('id', '=', id).execute();
    const { transport, sent } = capturingTransport();
    const kind = emailSendKind({ db: store.db, smtpUrl: 'smtp://unused.invalid', from: 'x@cal.example', transport });
    assert.deepEqual(await kind.run(job, ctx()), { done: true });
    assert.equal(sent.length, 0);
  });

  it('runs under a worker, which deletes the job once sent', async () => {
    // The jobs the tests above ran by hand are still there: only this one should be due.
    await store.db.deleteFrom('jobs').where('kind', '=', EMAIL_SEND).execute();
    const { id } = await queue('worker@example.com');
    const { transport, sent } = capturingTransport();
    const worker = new Worker({ db: store.db, clock, kinds: { [EMAIL_SEND]: emailSendKind({ db: store.db, smtpUrl: 'smtp://unused.invalid', from: 'x@cal.example', transport }) } });
    try {
      assert.equal(await worker.runOnce(), 1);
    } finally {
      await worker.close();
    }
    assert.ok(sent.some((m) => m.to.includes('worker@example.com')));
    assert.equal((await email(id)).status, 'sent');
    assert.equal(await findJobByKey(store.db, EMAIL_SEND, id), null);
  });

  it('without SMTP keeps the email local, with no job', async () => {
    const { id, job } = await queue('local@example.com', false);
    const row = await email(id);
    assert.equal(row.status, 'local');
    assert.equal(row.attempts, 0);
    assert.equal(row.locale, 'en');
    assert.equal(row.subject, rendered.subject);
    assert.equal(job, null);
    const jobs = await store.db.selectFrom('jobs').select('key').where('kind', '=', EMAIL_SEND).execute();
    assert.ok(!jobs.some((j) => j.key === id));
  });

  it('lists the outbox newest first', async () => {
    clock.advance(60_000);
    const { id: newest } = await queue('newest@example.com', false);
    const all = await listOutbox(store.db, ownerId);
    assert.equal(all[0]!.id, newest);
    for (let i = 1; i < all.length; i++) assert.ok(all[i - 1]!.created_at >= all[i]!.created_at);
    assert.equal((await listOutbox(store.db, ownerId, 2)).length, 2);
  });
});
