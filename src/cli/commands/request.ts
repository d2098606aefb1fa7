import type { Command } from 'commander';
import { parseInstant } from '../../domain/instant.js';
import { commandConfig } from '../config.js';
import { UsageError } from '../errors.js';
import { execute } from '../execute.js';
import type { DecisionEntry, RequestEntry } from '../../operations/request.js';
import { print, printJson, table } from '../output.js';

// Commands of the request flow, for scripted integration tests (like `stripe trigger`): the owner's
// decisions (with the 5-second undo window the console has, or at once), completing a to-do, the
// requester's moves, and `request show` to check states and the webhook events recorded.

const WHEN = 'A running `calendar-access serve` applies it; without one, at its next start.';
const NO_UNDO_WINDOW = 'take effect at once instead of after the 5-second undo window';
const ALLOW_OVERLAP = 'go ahead although the time overlaps an accepted appointment, one being accepted, a busy event or feed time (refused otherwise, naming what it overlaps)';

type Decision = 'accept' | 'decline' | 'cancel' | 'reschedule';
const DONE: Record<Decision, string> = { accept: 'Accepted', decline: 'Declined', cancel: 'Cancelled', reschedule: 'Rescheduled' };

interface DecideOptions {
  owner: string;
  undoWindow: boolean;
  allowOverlap?: boolean;
  json?: boolean;
  start?: string;
}

function slotText(slot: RequestEntry['slot']): string {
  return slot ? `${slot.start} to ${slot.end}` : '-';
}

function startArg(text: string): string {
  if (!parseInstant(text)) throw new UsageError(`--start: "${text}" is not an RFC 3339 UTC instant such as 2026-05-04T09:00:00Z`);
  return text;
}

async function runDecision(action: Decision, id: string, opts: DecideOptions, cmd: Command): Promise<void> {
  const start = action === 'reschedule' ? startArg(opts.start!) : null;
  const result: DecisionEntry = await execute(commandConfig(cmd), 'request.decide', { owner: opts.owner, id, action, start, undoWindow: opts.undoWindow, allowOverlap: opts.allowOverlap === true });
  if (opts.json) {
    printJson(result);
    return;
  }
  const to = action === 'reschedule' ? ` to ${start}` : '';
  if (result.effectiveAt !== null) {
    print(`${DONE[action]} ${result.id}${to}; takes effect at ${result.effectiveAt} unless undone (calendar-access request undo --owner ${opts.owner} ${result.id}). ${WHEN}`);
  } else {
    print(`${DONE[action]} ${result.id}${to} (now ${result.status}).`);
  }
}

export function registerRequest(program: Command): void {
  const request = program
    .command('request')
    .description("Act on an owner's booking and task requests as the owner would (for scripted tests), and show a request with its webhook events.");

  const decisions: [Decision, string][] = [
    ['accept', 'Accept a pending request: an appointment goes on the calendar, a task becomes a to-do.'],
    ['decline', 'Decline a pending request.'],
    ['cancel', 'Cancel an accepted (or rescheduled) appointment; its calendar event is deleted.'],
  ];
  for (const [action, description] of decisions) {
    const command = request
      .command(action)
      .description(`${description} Waits out the 5-second undo window (run by \`serve\`) unless --no-undo-window.`)
      .requiredOption('--owner <u>', 'username of the owner')
      .argument('<id>', 'request id')
      .option('--no-undo-window', NO_UNDO_WINDOW)
      .option('--json', 'print the request (and effectiveAt) as JSON');
    if (action === 'accept') command.option('--allow-overlap', ALLOW_OVERLAP);
    command.action((id: string, opts: DecideOptions, cmd: Command) => runDecision(action, id, opts, cmd));
  }

  request
    .command('reschedule')
    .description('Propose a new time for an appointment, same length; the requester confirms it. Waits out the undo window unless --no-undo-window.')
    .requiredOption('--owner <u>', 'username of the owner')
    .requiredOption('--start <instant>', 'the new start, an RFC 3339 UTC instant in the future, e.g. 2026-05-04T09:00:00Z')
    .argument('<id>', 'request id')
    .option('--no-undo-window', NO_UNDO_WINDOW)
    .option('--allow-overlap', ALLOW_OVERLAP)
    .option('--json', 'print the request (and effectiveAt) as JSON')
    .action((id: string, opts: DecideOptions, cmd: Command) => runDecision('reschedule', id, opts, cmd));

  request
    .command('undo')
    .description('Undo the decision still waiting out its undo window on a request; exits 1 when none is waiting.')
    .requiredOption('--owner <u>', 'username of the owner')
    .argument('<id>', 'request id')
    .option('--json', 'print {id, undone, action} as JSON')
    .action(async (id: string, opts: { owner: string; json?: boolean }, cmd: Command) => {
      const result = await execute(commandConfig(cmd), 'request.undo', { owner: opts.owner, id });
      if (opts.json) printJson(result);
      else print('Undone: nothing changed.');
    });

  request
    .command('show')
    .description('Show a request: status, slot, who cancelled, the decision waiting (if any) and the webhook events recorded for it.')
    .requiredOption('--owner <u>', 'username of the owner')
    .argument('<id>', 'request id')
    .option('--json', 'print the request, waitingDecision, calendarEventId, todoId and events as JSON')
    .action(async (id: string, opts: { owner: string; json?: boolean }, cmd: Command) => {
      const r = await execute(commandConfig(cmd), 'request.show', { owner: opts.owner, id });
      if (opts.json) {
        printJson(r);
        return;
      }
      const w = r.waitingDecision;
      const waiting = w ? `${w.action}${w.start ? ` to ${w.start}` : ''}, takes effect at ${w.effectiveAt} unless undone` : 'none';
      const rows: [string, string][] = [
        ['Request', `${r.id} (${r.kind})`],
        ['Status', r.status],
        ['Slot', slotText(r.slot)],
        ['Cancelled by', r.cancelledBy ?? '-'],
        ['Waiting decision', waiting],
        ...(r.kind === 'appointment' ? [['Calendar event', r.calendarEventId ?? '-'] as [string, string]] : [['To-do', r.todoId ?? '-'] as [string, string]]),
        ['Updated', r.updatedAt],
      ];
      const width = Math.max(...rows.map(([k]) => k.length)) + 2;
      for (const [k, v] of rows) print(`${`${k}:`.padEnd(width)}${v}`);
      print();
      if (r.events.length === 0) print('No webhook events recorded for it.');
      else print(table(['EVENT', 'OCCURRED AT'], r.events.map((e) => [e.type, e.occurredAt])));
    });
}

export function registerTask(program: Command): void {
  const task = program.command('task').description("Act on an owner's to-dos as the owner would (for scripted tests).");

  task
    .command('complete')
    .description('Complete a to-do; one made from a task request completes that request too.')
    .requiredOption('--owner <u>', 'username of the owner')
    .argument('<id>', 'to-do id (from `request show`)')
    .option('--json', 'print {taskId, requestId, changed} as JSON')
    .action(async (id: string, opts: { owner: string; json?: boolean }, cmd: Command) => {
      const r = await execute(commandConfig(cmd), 'task.complete', { owner: opts.owner, id });
      if (opts.json) printJson(r);
      else if (!r.changed) print(`To-do ${r.taskId} was already completed; nothing changed.`);
      else print(`Completed to-do ${r.taskId}${r.requestId ? `, and with it request ${r.requestId}` : ''}.`);
    });
}

export function registerRequester(program: Command): void {
  const requester = program.command('requester').description('Act on a request as its requester would from the status page (for scripted tests); takes effect at once.');
  const actions: [string, string, string][] = [
    ['withdraw', 'Withdrew', 'Withdraw a pending request.'],
    ['confirm', 'Confirmed', 'Confirm the new time the owner proposed for an appointment.'],
    ['cancel', 'Cancelled', 'Cancel an accepted (or rescheduled) appointment; its calendar event is deleted.'],
  ];
  for (const [action, done, description] of actions) {
    requester
      .command(action)
      .description(description)
      .requiredOption('--owner <u>', 'username of the owner the request was made to')
      .argument('<id>', 'request id')
      .option('--json', 'print the request as JSON')
      .action(async (id: string, opts: { owner: string; json?: boolean }, cmd: Command) => {
        const r = await execute(commandConfig(cmd), 'requester.act', { owner: opts.owner, id, action });
        if (opts.json) printJson(r);
        else print(`${done} ${r.id} as the requester (now ${r.status}).`);
      });
  }
}
