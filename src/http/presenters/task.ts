import { formatInstant } from '../../domain/instant.js';
import type { TaskFeedRow } from '../../store/repos/tasks.js';
import type { TaskRow } from '../../store/schema.js';
import { wireInstant } from '../paging.js';
import type { TaskDto } from '../schemas/resources.js';

/** The columns a to-do shows besides its instants, alike in a stored row and a feed row. */
type TaskFields = Omit<TaskFeedRow, 'completed_at' | 'updated_at' | 'deleted_at'>;

function present(row: TaskFields, completedAt: string | null, updatedAt: string): TaskDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    dueDate: row.due_date,
    dueTime: row.due_time,
    timezone: row.timezone,
    priority: row.priority,
    status: row.status,
    completedAt,
    fromRequester: row.from_requester,
    requestId: row.request_id,
    durationMinutes: row.duration_minutes,
    updatedAt,
  };
}

export function presentTask(row: TaskRow): TaskDto {
  return present(row, row.completed_at ? formatInstant(row.completed_at) : null, formatInstant(row.updated_at));
}

/** A to-do of the change feed (taskFeed), its instants already text. */
export function presentFeedTask(row: TaskFeedRow): TaskDto {
  return present(row, row.completed_at === null ? null : wireInstant(row.completed_at), wireInstant(row.updated_at));
}
