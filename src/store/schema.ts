import type { ColumnType, Selectable } from 'kysely';

/** Row types of every table, declared once; repositories derive Selectable/Insertable from them. */
type Instant = ColumnType<Date, Date, Date>;
type Generated<T> = ColumnType<T, T | undefined, T>;

export interface OwnersTable {
  id: string;
  account_id: string;
  username: string;
  display_name: string;
  timezone: string;
  locale: Generated<string>;
  /** Where the owner is told of things that need them (a disabled webhook endpoint); optional. */
  email: Generated<string | null>;
  /** argon2id; null for an owner made by the operator who has not set a password. */
  password_hash: Generated<string | null>;
  created_at: Instant;
  updated_at: Instant;
  deleted_at: Date | null;
}

export interface CalendarsTable {
  id: string;
  owner_id: string;
  slug: string;
  name: string;
  position: Generated<number>;
  created_at: Instant;
}

export interface EventsTable {
  id: string;
  owner_id: string;
  calendar_id: string;
  title: string;
  start_at: Instant;
  end_at: Instant;
  all_day: Generated<boolean>;
  start_date: string | null;
  end_date: string | null;
  timezone: string;
  show_as: Generated<'busy' | 'free'>;
  status: Generated<'confirmed' | 'cancelled'>;
  location: string | null;
  url: string | null;
  notes: string | null;
  participants: Generated<unknown>;
  /** One RRULE per line; '' for DTSTART and RDATEs only (migration 0012); null for a single event. */
  rrule: string | null;
  exdates: Generated<string[]>;
  /** RDATEs: 'YYYY-MM-DDThh:mm:ssZ' or 'start/end' (migration 0012). */
  rdates: Generated<string[]>;
  series_until: Date | null;
  is_appointment: Generated<boolean>;
  request_id: string | null;
  /** UID of the iCalendar event it was imported from (unique per calendar); null when made here. */
  ical_uid: Generated<string | null>;
  created_at: Instant;
  updated_at: Instant;
  deleted_at: Date | null;
  /** The owner's change number of the transaction that last changed the row or one of its occurrences (migration 0017, the change feed). */
  change_seq: Generated<string>;
}

export interface EventOverridesTable {
  event_id: string;
  owner_id: string;
  original_start: string;
  start_at: Date | null;
  end_at: Date | null;
  title: string | null;
  location: string | null;
  show_as: 'busy' | 'free' | null;
  cancelled: Generated<boolean>;
  /** The occurrence turned all-day (with its dates) or timed against its series; null: as the series (migration 0012). */
  all_day: Generated<boolean | null>;
  start_date: Generated<string | null>;
  end_date: Generated<string | null>;
  /** RANGE=THISANDFUTURE: holds for this and every later occurrence (migration 0012). */
  this_and_future: Generated<boolean>;
  updated_at: Instant;
  deleted_at: Date | null;
}

/** The owner's materialised horizon (migration 0008): rows cover occurrences overlapping [from_at, until_at). */
export interface EventHorizonsTable {
  owner_id: string;
  from_at: Instant;
  until_at: Instant;
  /** Readers use the rows for windows inside [from_at, ready_until); null until the first build is done. */
  ready_until: Date | null;
  updated_at: Instant;
}

/** One single event or occurrence as the API lists it (migration 0008; store/repos/occurrences.ts). */
export interface EventOccurrencesTable {
  event_id: string;
  id: string;
  owner_id: string;
  start_at: Instant;
  end_at: Instant;
  /** 0-3: at most 1 h, 4 h, 26 h, 8 days long; 4: longer (store/repos/occurrences.ts). */
  span: number;
  all_day: boolean;
  start_date: string | null;
  end_date: string | null;
  timezone: string;
  title: string;
  show_as: 'busy' | 'free';
  status: 'confirmed' | 'cancelled';
  calendar: string;
  location: string | null;
  url: string | null;
  is_appointment: boolean;
  request_id: string | null;
  occurrence_of: string | null;
  updated_at: Instant;
  deleted_at: Date | null;
  series_deleted_at: Date | null;
}

export interface CalendarFeedsTable {
  id: string;
  owner_id: string;
  url: string;
  name: string;
  etag: string | null;
  last_modified: string | null;
  last_fetched_at: Date | null;
  last_error: string | null;
  created_at: Instant;
  refresh_minutes: Generated<number>;
  consecutive_failures: Generated<number>;
  last_success_at: Date | null;
  /** The warnings of the last good reading (migration 0012), at most MAX_FEED_WARNINGS. */
  last_warnings: Generated<string[]>;
}

/** Durable work (migration 0003): claimed under a lease with FOR UPDATE SKIP LOCKED (store/repos/jobs.ts). */
export interface JobsTable {
  id: string;
  kind: string;
  owner_id: string | null;
  key: string | null;
  payload: Generated<unknown>;
  run_at: Instant;
  attempts: Generated<number>;
  locked_by: string | null;
  locked_until: Date | null;
  last_error: string | null;
  created_at: Instant;
}

export interface ImportedBusyTable {
  id: string;
  owner_id: string;
  feed_id: string | null;
  start_at: Instant;
  end_at: Instant;
}

export interface TasksTable {
  id: string;
  owner_id: string;
  title: string;
  description: string | null;
  due_date: string | null;
  due_time: string | null;
  timezone: string | null;
  priority: Generated<'none' | 'low' | 'medium' | 'high'>;
  status: Generated<'open' | 'completed'>;
  completed_at: Date | null;
  from_requester: string | null;
  request_id: string | null;
  duration_minutes: number | null;
  position: Generated<number>;
  created_at: Instant;
  updated_at: Instant;
  deleted_at: Date | null;
}

export interface AppointmentTypesTable {
  id: string;
  owner_id: string;
  name: string;
  duration_minutes: number;
  position: number;
  created_at: Instant;
  updated_at: Instant;
  deleted_at: Date | null;
}

export interface BookingSettingsTable {
  owner_id: string;
  enabled: Generated<boolean>;
  rules: Generated<unknown>;
  updated_at: Instant;
}

export interface AppsTable {
  id: string;
  name: string;
  suspended_at: Date | null;
  created_at: Instant;
  /** The owner who registered it (null only for rows made before apps could be registered). */
  owner_id: string | null;
  homepage_url: string | null;
  logo_url: string | null;
  redirect_uris: Generated<string[]>;
  /** The scopes it may ask for. */
  scopes: Generated<string[]>;
  client_type: Generated<'public' | 'confidential'>;
  secret_hash: string | null;
  secret_last_four: string | null;
  suspended_reason: string | null;
  deleted_at: Date | null;
}

export interface OauthGrantsTable {
  id: string;
  app_id: string;
  owner_id: string;
  scopes: string[];
  created_at: Instant;
  updated_at: Instant;
  last_used_at: Date | null;
  revoked_at: Date | null;
  revoked_reason: 'owner' | 'reuse' | 'app_deleted' | 'client' | null;
}

export interface OauthCodesTable {
  code_hash: string;
  app_id: string;
  owner_id: string;
  redirect_uri: string;
  scopes: string[];
  code_challenge: string;
  family_id: string;
  expires_at: Instant;
  used_at: Date | null;
  created_at: Instant;
}

export interface OauthRefreshTokensTable {
  id: string;
  token_hash: string;
  grant_id: string;
  owner_id: string;
  family_id: string;
  scopes: string[];
  expires_at: Instant;
  used_at: Date | null;
  revoked_at: Date | null;
  created_at: Instant;
}

export interface TokensTable {
  id: string;
  owner_id: string;
  kind: 'pat' | 'test' | 'at';
  name: string;
  scopes: string[];
  mode: 'live' | 'test';
  token_hash: string;
  last_four: string;
  app_id: string | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  created_at: Instant;
  /** An OAuth access token's grant and token family (null for personal tokens). */
  grant_id: Generated<string | null>;
  family_id: Generated<string | null>;
}

export interface ContactsTable {
  id: string;
  owner_id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  blocked: Generated<boolean>;
  created_at: Instant;
  updated_at: Instant;
}

export type RequestStatus = 'pending' | 'accepted' | 'declined' | 'withdrawn' | 'expired' | 'rescheduled' | 'cancelled' | 'completed';

export interface RequestsTable {
  id: string;
  owner_id: string;
  kind: 'appointment' | 'task';
  status: RequestStatus;
  cancelled_by: 'owner' | 'requester' | null;
  appointment_type_id: string | null;
  slot_start: Date | null;
  slot_end: Date | null;
  suggested_due_date: string | null;
  message: string | null;
  note: string | null;
  requester_name: string;
  requester_email: string | null;
  requester_phone: string | null;
  contact_method: string | null;
  contact_handle: string | null;
  requester_timezone: string;
  requester_locale: string;
  notify_requester: Generated<boolean>;
  source: 'public' | 'api';
  token_id: string | null;
  test: Generated<boolean>;
  from_blocked: Generated<boolean>;
  expires_at: Date | null;
  /** Until when the requester's status link works (docs/spec-decisions.md §4); moved with every change. */
  status_link_expires_at: Generated<Date | null>;
  created_at: Instant;
  updated_at: Instant;
  deleted_at: Date | null;
}

/** One (token, key) for 24 hours; status and body are null while the first call is running. */
export interface IdempotencyKeysTable {
  token_id: string;
  key: string;
  fingerprint: string;
  status: number | null;
  body: unknown;
  created_at: Instant;
}

/** The outbox: one row per webhook event, written in the transaction of the change it tells of. */
export interface WebhookEventsTable {
  id: string;
  owner_id: string;
  type: string;
  occurred_at: Instant;
  data: unknown;
  test: Generated<boolean>;
  token_id: string | null;
  created_at: Instant;
}

export type EmailStatus = 'local' | 'queued' | 'sent' | 'failed';

export interface EmailsTable {
  id: string;
  owner_id: string;
  request_id: string | null;
  kind: string;
  to_address: string;
  locale: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: EmailStatus;
  attempts: Generated<number>;
  last_error: string | null;
  sent_at: Date | null;
  created_at: Instant;
}

export type EndpointDisabledReason = 'owner' | 'gone' | 'failing';

export interface WebhookEndpointsTable {
  id: string;
  /** Who manages it: the token's owner, or the developer of the app. */
  owner_id: string;
  /** A personal endpoint's token, or null for an app's endpoint (migration 0015). */
  token_id: string | null;
  app_id: string | null;
  url: string;
  description: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  disabled_at: Date | null;
  disabled_reason: EndpointDisabledReason | null;
  last_success_at: Date | null;
  failing_since: Date | null;
  created_at: Instant;
  updated_at: Instant;
  deleted_at: Date | null;
  /** The event types it chose (migration 0018); null: every type its scopes allow, later ones included. */
  event_types: string[] | null;
}

/** The tokens entitled to an event when it occurred. */
export interface WebhookEventTokensTable {
  token_id: string;
  occurred_at: Instant;
  event_id: string;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  /** Whose event it is (an app endpoint's delivery: the connected owner's). */
  owner_id: string;
  /** The entitled token of a personal endpoint; null for an app endpoint's delivery. */
  token_id: string | null;
  /** The grant an app endpoint's delivery is owed to (null for its pings and for personal endpoints). */
  grant_id: string | null;
  status: DeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: Instant;
  locked_by: string | null;
  locked_until: Date | null;
  last_status: number | null;
  last_error: string | null;
  created_at: Instant;
  finished_at: Date | null;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  endpoint_id: string;
  attempt: number;
  started_at: Instant;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
}

/** One API call of an owner's token (migration 0016, src/request-log/). */
export interface RequestLogTable {
  /** bigint identity: read as text (`id::text`), compared as `::bigint`. */
  id: Generated<string>;
  owner_id: string;
  first_at: Instant;
  last_at: Instant;
  /** How many calls `calls` holds. */
  n: number;
  /** The calls, packed (src/store/repos/request-log-pack.ts). */
  calls: string;
}

export interface SessionsTable {
  id_hash: string;
  owner_id: string;
  created_at: Instant;
  last_seen_at: Instant;
  expires_at: Instant;
}

export interface JournalEntriesTable {
  id: string;
  owner_id: string;
  entry_date: string;
  body: string;
  created_at: Instant;
  updated_at: Instant;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

/** Moved by triggers whenever the owner's busy time or booking settings change (migration 0002). */
export interface OwnerVersionsTable {
  owner_id: string;
  busy: ColumnType<string, string | undefined, string>;
  settings: ColumnType<string, string | undefined, string>;
  tasks: ColumnType<string, string | undefined, string>;
  /** The last change number handed to a transaction that changed the owner's events (migration 0017). */
  feed_seq: ColumnType<string, string | undefined, string>;
}

export interface Database {
  server_secrets: ServerSecretsTable;
  owners: OwnersTable;
  calendars: CalendarsTable;
  events: EventsTable;
  event_overrides: EventOverridesTable;
  event_horizons: EventHorizonsTable;
  event_occurrences: EventOccurrencesTable;
  calendar_feeds: CalendarFeedsTable;
  imported_busy: ImportedBusyTable;
  jobs: JobsTable;
  tasks: TasksTable;
  appointment_types: AppointmentTypesTable;
  booking_settings: BookingSettingsTable;
  apps: AppsTable;
  oauth_grants: OauthGrantsTable;
  oauth_codes: OauthCodesTable;
  oauth_refresh_tokens: OauthRefreshTokensTable;
  tokens: TokensTable;
  contacts: ContactsTable;
  requests: RequestsTable;
  journal_entries: JournalEntriesTable;
  owner_versions: OwnerVersionsTable;
  idempotency_keys: IdempotencyKeysTable;
  webhook_events: WebhookEventsTable;
  emails: EmailsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_event_tokens: WebhookEventTokensTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  sessions: SessionsTable;
  request_log: RequestLogTable;
}

export type OwnerRow = Selectable<OwnersTable>;
export type EventRow = Selectable<EventsTable>;
export type EventOverrideRow = Selectable<EventOverridesTable>;
export type TaskRow = Selectable<TasksTable>;
export type AppointmentTypeRow = Selectable<AppointmentTypesTable>;
export type TokenRow = Selectable<TokensTable>;
export type RequestRow = Selectable<RequestsTable>;
export type CalendarRow = Selectable<CalendarsTable>;
export type CalendarFeedRow = Selectable<CalendarFeedsTable>;
export type JobRow = Selectable<JobsTable>;
export type WebhookEventRow = Selectable<WebhookEventsTable>;
export type EmailRow = Selectable<EmailsTable>;
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;
export type AppRow = Selectable<AppsTable>;
export type OauthGrantRow = Selectable<OauthGrantsTable>;
export type OauthCodeRow = Selectable<OauthCodesTable>;
export type OauthRefreshTokenRow = Selectable<OauthRefreshTokensTable>;
