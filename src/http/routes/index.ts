import type { AnyRoute } from '../route.js';
import { listAppointmentTypesRoute } from './appointment-types.routes.js';
import { getAvailability } from './availability.routes.js';
import { listEventChanges } from './event-changes.routes.js';
import { getEvent, listEvents } from './events.routes.js';
import { getFreeTime } from './free-time.routes.js';
import { getMe } from './me.routes.js';
import { createAppointmentRequest, createTaskRequest, withdrawRequest } from './request-writes.routes.js';
import { getRequest, listRequests } from './requests.routes.js';
import { getSeries, listSeriesOccurrences } from './series.routes.js';
import { getTask, listTasks } from './tasks.routes.js';
import { getWebhookEvent, listWebhookEvents } from './webhook-events.routes.js';

/** Every route of the public API, in the order the spec lists them. */
export const API_ROUTES: AnyRoute[] = [
  getMe,
  listAppointmentTypesRoute,
  getAvailability,
  getFreeTime,
  listEvents,
  getEvent,
  listEventChanges,
  getSeries,
  listSeriesOccurrences,
  listTasks,
  getTask,
  listRequests,
  getRequest,
  createAppointmentRequest,
  createTaskRequest,
  withdrawRequest,
  listWebhookEvents,
  getWebhookEvent,
];
