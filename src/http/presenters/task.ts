import { formatInstant } from '../../domain/instant.js';
import type { TaskRow } from '../../store/schema.js';
import type { TaskDto } from '../schemas/resources.js';

export function presentTask(row: TaskRow): TaskDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    dueDate: row.due_date,
    dueTime: row.due_time,
    timezone: row.timezone,
    priority: row.priority,
    status: row.status,
    completedAt: row.completed_at ? formatInstant(row.completed_at) : null,
    fromRequester: row.from_requester,
    requestId: row.request_id,
    durationMinutes: row.duration_minutes,
    updatedAt: formatInstant(row.updated_at),
  };
}
