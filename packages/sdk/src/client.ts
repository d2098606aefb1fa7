import type { components, operations } from './api-types.js';
import type { ClientEvents, Listener } from './events.js';
import { PageList, type Page } from './paging.js';
import { withResponse, type WithResponse } from './response.js';
import { EventSync, type EventChanges, type EventSyncOptions, type Series } from './sync.js';
import { Transport, type ClientOptions, type CreateOptions, type QueryValues, type RequestOptions } from './transport.js';

type Schemas = components['schemas'];
export type Account = Schemas['Account'];
export type AppointmentType = Schemas['AppointmentType'];
export type Availability = Schemas['Availability'];
export type Slot = Schemas['Slot'];
export type FreeTime = Schemas['FreeTime'];
export type FreeInterval = Schemas['FreeInterval'];
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
export type EventChangesQuery = NonNullable<Query<'listEventChanges'>>;
export type SeriesOccurrencesQuery = ListQuery<'listSeriesOccurrences'>;
export type TasksQuery = ListQuery<'listTasks'>;
export type RequestsQuery = ListQuery<'listRequests'>;
export type WebhookEventsQuery = ListQuery<'listWebhookEvents'>;
export type AvailabilityQuery = WithZone<NonNullable<Query<'getAvailability'>>, 'tz'>;
export type FreeTimeQuery = WithZone<NonNullable<Query<'getFreeTime'>>, 'tz'>;

const id = (value: string) => encodeURIComponent(value);

/** What `rawRequest` sends beside the method and path. */
export interface RawRequestParams extends CreateOptions {
  query?: QueryValues;
  /** Sent as JSON. */
  body?: unknown;
  /** More headers; Authorization, User-Agent and Idempotency-Key are the client's (use `idempotencyKey`). */
  headers?: Record<string, string>;
}

/**
 * The API's client: one method per operation, typed from openapi.json. Each result carries its
 * answer's metadata as a non-enumerable `lastResponse` (request id, `RateLimit-*`, status); each
 * method takes per-call options (`signal`, `timeoutMs`, `maxRetries`, and `idempotencyKey` on a create).
 *
 * ```ts
 * const client = new CalendarAccess({ token: process.env.SVC_TOKEN!, baseUrl: 'http://localhost:3000/api/v1' });
 * for await (const event of client.events.list({ from: '2026-03-30T00:00:00Z', to: '2026-04-06T00:00:00Z' })) console.log(event.title);
 * const me = await client.me.get({ timeoutMs: 5_000, maxRetries: 0 });
 * console.log(me.lastResponse.requestId);
 * ```
 */
export class CalendarAccess {
  private readonly http: Transport;

  constructor(options: ClientOptions) {
    this.http = new Transport(options);
  }

  /**
   * Listens to the client's work: `request` (each attempt sent), `response` (each answer, refusals
   * included) and `retry` (each wait before another attempt: how long, and why).
   *
   * ```ts
   * client.on('retry', (e) => console.warn(e.message)); // GET /availability: 429 rate_limited; attempt 2 of 4 in 45.0 s (Retry-After: 45)
   * client.on('response', (e) => metrics.observe(e.path, e.status, e.elapsedMs));
   * ```
   */
  on<K extends keyof ClientEvents>(name: K, listener: Listener<K>): this {
    this.http.events.on(name, listener);
    return this;
  }

  /** Stops a listener added with `on`. */
  off<K extends keyof ClientEvents>(name: K, listener: Listener<K>): this {
    this.http.events.off(name, listener);
    return this;
  }

  /** The User-Agent the client sends: `calendar-access-sdk/0.1.0 node/v20.20.0`, then your `appInfo`. */
  get userAgent(): string {
    return this.http.userAgent;
  }

  /**
   * Any route below the base, with the client's token, retries, Idempotency-Key (on a POST), errors,
   * events and `lastResponse`: for an operation newer than this SDK.
   *
   * ```ts
   * const me = await client.rawRequest<{ accountId: string; scopes: string[] }>('GET', '/me');
   * console.log(me.accountId, me.lastResponse.rateLimit?.remaining);
   * ```
   * @param path below `baseUrl`, starting with `/` (an absolute URL is refused: the token goes only to the base)
   */
  rawRequest<T extends object = Record<string, unknown>>(method: string, path: string, params: RawRequestParams = {}): Promise<WithResponse<T>> {
    if (!path.startsWith('/') || path.startsWith('//')) throw new TypeError(`rawRequest takes a path below ${this.http.baseUrl}, starting with one "/", got "${path}"`);
    const { query, body, headers, ...options } = params;
    return this.http.send<T>({ method: method.toUpperCase(), path, query, body, headers, options });
  }

  private list<T>(path: string, query: QueryValues, options?: RequestOptions): PageList<T> {
    return new PageList<T>((cursor) => this.http.send<Page<T>>({ method: 'GET', path, query: { ...query, cursor }, options }));
  }

  private get<T extends object>(path: string, query?: QueryValues, options?: RequestOptions): Promise<WithResponse<T>> {
    return this.http.send<T>({ method: 'GET', path, query, options });
  }

  private post<T extends object>(path: string, body: unknown, options?: CreateOptions): Promise<WithResponse<T>> {
    return this.http.send<T>({ method: 'POST', path, body, options });
  }

  /** GET /me: the account the token acts for, its scopes and mode. */
  readonly me = {
    get: (options?: RequestOptions): Promise<WithResponse<Account>> => this.get('/me', undefined, options),
  };

  /** GET /appointment-types: the array (its `lastResponse` is the answer's). */
  readonly appointmentTypes = {
    list: async (options?: RequestOptions): Promise<WithResponse<AppointmentType[]>> => {
      const page = await this.get<{ data: AppointmentType[] }>('/appointment-types', undefined, options);
      return withSameResponse(page.data, page);
    },
  };

  /** GET /availability: free slots of one appointment type on at most 14 dates. */
  readonly availability = {
    get: (query: AvailabilityQuery, options?: RequestOptions): Promise<WithResponse<Availability>> => this.get('/availability', query, options),
  };

  /**
   * GET /free-time: the owner's free intervals of any length on at most 62 dates of `tz`, within the
   * booking page's working hours unless `workingHours: 'false'`; never before now, never why a time is busy.
   *
   * ```ts
   * const { free } = await client.freeTime.get({ from: '2026-03-30', to: '2026-04-03', tz: 'Europe/Berlin', minMinutes: 20 });
   * console.log(free[0]); // { start: '2026-03-30T07:00:00Z', end: '2026-03-30T09:30:00Z' }
   * ```
   */
  readonly freeTime = {
    get: (query: FreeTimeQuery, options?: RequestOptions): Promise<WithResponse<FreeTime>> => this.get('/free-time', query, options),
  };

  /** GET /events, /events/{id} and the change feed GET /events/changes. */
  readonly events = {
    list: (query: EventsQuery, options?: RequestOptions): PageList<Event> => this.list('/events', query, options),
    get: (eventId: string, options?: RequestOptions): Promise<WithResponse<Event>> => this.get(`/events/${id(eventId)}`, undefined, options),
    /**
     * One page of the change feed (docs/sync.md): without `syncToken` every event and series, with it
     * what changed since; follow `nextCursor` to the round's last page, which carries `nextSyncToken`.
     * `sync()` does all of it for you.
     */
    changes: (query: EventChangesQuery = {}, options?: RequestOptions): Promise<WithResponse<EventChanges>> => this.get('/events/changes', query, options),
    /**
     * A local copy kept exact by the change feed: `await sync.pull()` reads everything the first
     * time, then only changes, and starts again by itself when the server says `resync_required`.
     *
     * ```ts
     * const sync = client.events.sync();
     * await sync.pull();
     * console.log(sync.events.size, sync.series.size, sync.syncToken);
     * ```
     */
    sync: (options?: EventSyncOptions): EventSync => new EventSync((query, callOptions) => this.get('/events/changes', query, callOptions), options),
  };

  /**
   * A repeating event by the id an occurrence's `occurrenceOf` gives (docs/series.md): GET /series/{id}
   * and its occurrences in a window of at most 366 days, as `events.list` gives them.
   *
   * ```ts
   * const series = await client.series.get(event.occurrenceOf!);
   * console.log(series.rule); // 'Every Tuesday at 10:00'
   * for await (const o of client.series.occurrences(series.id, { from: '2026-03-01T00:00:00Z', to: '2026-06-01T00:00:00Z' })) console.log(o.start);
   * ```
   */
  readonly series = {
    get: (seriesId: string, options?: RequestOptions): Promise<WithResponse<Series>> => this.get(`/series/${id(seriesId)}`, undefined, options),
    occurrences: (seriesId: string, query: SeriesOccurrencesQuery, options?: RequestOptions): PageList<Event> =>
      this.list(`/series/${id(seriesId)}/occurrences`, query, options),
  };

  /** GET /tasks and /tasks/{id}. */
  readonly tasks = {
    list: (query: TasksQuery = {}, options?: RequestOptions): PageList<Task> => this.list('/tasks', query, options),
    get: (taskId: string, options?: RequestOptions): Promise<WithResponse<Task>> => this.get(`/tasks/${id(taskId)}`, undefined, options),
  };

  /** The requests: list, read, ask for an appointment or a to-do, withdraw. */
  readonly requests = {
    list: (query: RequestsQuery = {}, options?: RequestOptions): PageList<Request> => this.list('/requests', query, options),
    get: (requestId: string, options?: RequestOptions): Promise<WithResponse<Request>> => this.get(`/requests/${id(requestId)}`, undefined, options),
    /** POST /requests/appointments, with an Idempotency-Key kept across retries. */
    createAppointment: (body: AppointmentRequestBody, options?: CreateOptions): Promise<WithResponse<CreatedRequest>> => this.post('/requests/appointments', body, options),
    /** POST /requests/tasks, with an Idempotency-Key kept across retries. */
    createTask: (body: TaskRequestBody, options?: CreateOptions): Promise<WithResponse<CreatedRequest>> => this.post('/requests/tasks', body, options),
    /** POST /requests/{id}/withdraw: while it is pending, a request this token made. */
    withdraw: (requestId: string, options?: CreateOptions): Promise<WithResponse<Request>> => this.post(`/requests/${id(requestId)}/withdraw`, {}, options),
  };

  /** Catch-up: GET /webhook-events and /webhook-events/{id}. */
  readonly webhookEvents = {
    list: (query: WebhookEventsQuery, options?: RequestOptions): PageList<WebhookEventRecord> => this.list('/webhook-events', query, options),
    get: (eventId: string, options?: RequestOptions): Promise<WithResponse<WebhookEventRecord>> => this.get(`/webhook-events/${id(eventId)}`, undefined, options),
  };
}

/** `value` with the `lastResponse` of the answer it was taken from. */
function withSameResponse<T extends object>(value: T, from: WithResponse<object>): WithResponse<T> {
  return withResponse(value, from.lastResponse);
}
