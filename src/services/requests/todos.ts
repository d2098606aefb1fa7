import { lockRequest } from '../../store/repos/request-changes.js';
import { completeTodo, lockTask } from '../../store/repos/request-effects.js';
import { recordEvent } from '../../store/repos/outbox.js';
import { ServiceError } from '../../domain/service-error.js';
import type { RequestEnv } from './env.js';
import { applyMove, ruleFor } from './moves.js';

export interface CompletedTodo {
  taskId: string;
  /** The task request the to-do came from, now completed with it. */
  requestId: string | null;
  /** False when the to-do was already completed (nothing changed). */
  changed: boolean;
}

/**
 * The owner completes a to-do (`task.completed`); a to-do made from an accepted task request
 * completes that request too, in the same transaction (docs/spec-decisions.md §3: no request event of its own).
 */
export async function completeTask(env: RequestEnv, ownerId: string, taskId: string): Promise<CompletedTodo> {
  const now = env.clock.now();
  return env.db.transaction().execute(async (trx) => {
    const task = await lockTask(trx, ownerId, taskId);
    if (!task) throw new ServiceError('not_found', `No to-do ${taskId}.`);
    if (task.status === 'completed') return { taskId, requestId: task.request_id, changed: false };
    const request = task.request_id ? await lockRequest(trx, ownerId, task.request_id) : undefined;
    await completeTodo(trx, ownerId, taskId, now);
    await recordEvent(trx, { ownerId, type: 'task.completed', data: { object: 'task', id: taskId }, test: request?.test ?? false, occurredAt: now });
    let completed: string | null = null;
    if (request) {
      try {
        ruleFor(request, { trigger: 'complete', by: 'todo' });
        await applyMove(trx, env, request, { trigger: 'complete', by: 'todo' }, now);
        completed = request.id;
      } catch (e) {
        if (!(e instanceof ServiceError)) throw e;
      }
    }
    return { taskId, requestId: completed, changed: true };
  });
}
