export { CalendarAccess } from './client.js';
export type {
  RawRequestParams,
  Account,
  AppointmentRequest,
  AppointmentRequestBody,
  AppointmentType,
  Availability,
  AvailabilityQuery,
  CreatedRequest,
  Event,
  EventChangesQuery,
  EventsQuery,
  FreeInterval,
  FreeTime,
  FreeTimeQuery,
  Request,
  RequestsQuery,
  SeriesOccurrencesQuery,
  Slot,
  Task,
  TaskRequest,
  TaskRequestBody,
  TasksQuery,
  TimeZone,
  WebhookEventRecord,
  WebhookEventsQuery,
} from './client.js';
export { CalendarAccessConnectionError, CalendarAccessError, errorDocUrl, isCalendarAccessError, type ErrorBody, type ErrorCode } from './errors.js';
export type { ClientEvents, Listener, RequestEvent, ResponseEvent, RetryBasis, RetryEvent, RetryReason } from './events.js';
export { PageList, type Page } from './paging.js';
export { EventSync, type EventChanges, type EventSyncOptions, type PullResult, type Series, type SyncSnapshot } from './sync.js';
export type { RateLimit, ResponseMeta, WithResponse } from './response.js';
export type { CallOptions, ClientOptions, CreateOptions, QueryValues, RequestOptions, Sleep, TokenSource } from './transport.js';
export { ERRORS_DOC_URL, REPOSITORY_URL, SDK_NAME, SDK_VERSION, type AppInfo } from './version.js';
export {
  codeChallengeOf,
  OAuthClient,
  OAuthError,
  randomCodeVerifier,
  refreshingToken,
  type AuthorizationRequest,
  type OAuthClientErrorCode,
  type OAuthClientOptions,
  type OAuthErrorCode,
  type OAuthServerErrorCode,
  type OAuthTokens,
} from './oauth.js';
export {
  DEFAULT_TOLERANCE_SECONDS,
  SIGNATURE_ERROR_REASONS,
  SIGNING_SECRET_PREFIX,
  SignatureError,
  verifySignature,
  verifyWebhook,
  type RawBody,
  type SignatureErrorReason,
  type VerifyOptions,
  type WebhookEvent,
  type WebhookEventType,
} from './webhooks.js';
export { generateTestHeaders, generateTestHeaderString, WEBHOOK_USER_AGENT, type TestHeadersOptions, type TestSignatureOptions, type WebhookHeaders } from './webhook-signing.js';
export type { components, operations, paths } from './api-types.js';
