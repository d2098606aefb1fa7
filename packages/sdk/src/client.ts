import type { components, operations } from './api-types.js';
import { PageList, type Page } from './paging.js';
import { Transport, type CallOptions, type ClientOptions } from './transport.js';

type Schemas = components['schemas'];
export type Account = Schemas['Account'];
export type AppointmentType = Schemas['AppointmentType'];
export type Availability = Schemas['Availability'];
export type Slot = Schemas['Slot'];
export type Event = Schemas['Event'];
export type Task = Schemas['Task'];
export type Request = Schemas['Request'];
export type AppointmentRequest = Schemas['AppointmentRequest'];
export type TaskRequest = Schemas['TaskRequest'];
export type CreatedRequest = Schemas['CreatedRequest'];
/**
 * An IANA zone name: the tz database's names are suggested, any string is taken (the server checks
 * it, in any case, and answers with the name as the database spells it).
 */
export type TimeZone = Schemas['TimeZoneName'] | (string & {});
/** A type with its zone field widened to TimeZone: a zone read at run time (Intl) is a string. */
type WithZone<T, K extends keyof T> = Omit<T, K> & { [P in K]: TimeZone };
export type AppointmentRequestBody = WithZone<Schemas['AppointmentRequestBody'], 'requesterTimezone'>;
export type TaskRequestBody = WithZone<Schemas['TaskRequestBody'], 'requesterTimezone'>;
export type WebhookEventRecord = Schemas['WebhookEvent'];

type Query<K extends keyof operations> = operations[K]['parameters']['query'];
/** A list's query without the paging fields the iterator handles. */
type ListQuery<K extends keyof operations> = Omit<NonNullable<Query<K>>, 'cursor'>;

export type EventsQuery = ListQuery<'listEvents'>;
export type TasksQuery = ListQuery<'listTasks'>;
export type RequestsQuery = ListQuery<'listRequests'>;
export type WebhookEventsQuery = ListQuery<'listWebhookEvents'>;
export type AvailabilityQuery = WithZone<NonNullable<Query<'getAvailability'>>, 'tz'>;

const id = (value: string) => encodeURIComponent(value);

/**
 * The API's client: one method per operation, typed from openapi.json.
 *
 * ```ts
 * const client = new CalendarAccess({ token: process.env.SVC_TOKEN!, baseUrl: 'http://localhost:3000/api/v1' });
 * for await (const event of client.events.list({ from: '2026-03-30T00:00:00Z', to: '2026-04-06T00:00:00Z' })) console.log(event.title);
 * ```
 */
export class CalendarAccess {
  private readonly http: Transport;

  constructor(options: ClientOptions) {
    this.http = new Transport(options);
  }

  private list<T>(path: string, query: Record<string, string | number | boolean | undefined>, options?: CallOptions): PageList<T> {
    return new PageList<T>((cursor) => this.http.send<Page<T>>({ method: 'GET', path, query: { ...query, cursor }, options }));
  }

  private get<T>(path: string, query?: Record<string, string | number | boolean | undefined>, options?: CallOptions): Promise<T> {
    return this.http.send<T>({ method: 'GET', path, query, options });
  }

  private post<T>(path: string, body: unknown, options?: CallOptions): Promise<T> {
    return this.http.send<T>({ method: 'POST', path, body, options });
  }

  /** GET /me: the account the token acts for, its scopes and mode. */
  readonly me = {
    get: (options?: CallOptions): Promise<Account> => this.get('/me', undefined, options),
  };

  /** GET /appointment-types. */
  readonly appointmentTypes = {
    list: async (options?: CallOptions): Promise<AppointmentType[]> => (await this.get<{ data: AppointmentType[] }>('/appointment-types', undefined, options)).data,
  };

  /** GET /availability: free slots of one appointment type on at most 14 dates. */
  readonly availability = {
    get: (query: AvailabilityQuery, options?: CallOptions): Promise<Availability> => this.get('/availability', query, options),
  };

  /** GET /events and /events/{id}. */
  readonly events = {
    list: (query: EventsQuery, options?: CallOptions): PageList<Event> => this.list('/events', query, options),
    get: (eventId: string, options?: CallOptions): Promise<Event> => this.get(`/events/${id(eventId)}`, undefined, options),
  };

  /** GET /tasks and /tasks/{id}. */
  readonly tasks = {
    list: (query: TasksQuery = {}, options?: CallOptions): PageList<Task> => this.list('/tasks', query, options),
    get: (taskId: string, options?: CallOptions): Promise<Task> => this.get(`/tasks/${id(taskId)}`, undefined, options),
  };

  /** The requests: list, read, ask for an appointment or a to-do, withdraw. */
  readonly requests = {
    list: (query: RequestsQuery = {}, options?: CallOptions): PageList<Request> => this.list('/requests', query, options),
    get: (requestId: string, options?: CallOptions): Promise<Request> => this.get(`/requests/${id(requestId)}`, undefined, options),
    /** POST /requests/appointments, with an Idempotency-Key kept across retries. */
    createAppointment: (body: AppointmentRequestBody, options?: CallOptions): Promise<CreatedRequest> => this.post('/requests/appointments', body, options),
    /** POST /requests/tasks, with an Idempotency-Key kept across retries. */
    createTask: (body: TaskRequestBody, options?: CallOptions): Promise<CreatedRequest> => this.post('/requests/tasks', body, options),
    /** POST /requests/{id}/withdraw: while it is pending, a request this token made. */
    withdraw: (requestId: string, options?: CallOptions): Promise<Request> => this.post(`/requests/${id(requestId)}/withdraw`, {}, options),
  };

  /** Catch-up: GET /webhook-events and /webhook-events/{id}. */
  readonly webhookEvents = {
    list: (query: WebhookEventsQuery, options?: CallOptions): PageList<WebhookEventRecord> => this.list('/webhook-events', query, options),
    get: (eventId: string, options?: CallOptions): Promise<WebhookEventRecord> => this.get(`/webhook-events/${id(eventId)}`, undefined, options),
  };
}
