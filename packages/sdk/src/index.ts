export { CalendarAccess } from './client.js';
export type {
  Account,
  AppointmentRequest,
  AppointmentRequestBody,
  AppointmentType,
  Availability,
  AvailabilityQuery,
  CreatedRequest,
  Event,
  EventsQuery,
  Request,
  RequestsQuery,
  Slot,
  Task,
  TaskRequest,
  TaskRequestBody,
  TasksQuery,
  TimeZone,
  WebhookEventRecord,
  WebhookEventsQuery,
} from './client.js';
export { CalendarAccessConnectionError, CalendarAccessError, isCalendarAccessError, type ErrorBody, type ErrorCode } from './errors.js';
export { PageList, type Page } from './paging.js';
export type { CallOptions, ClientOptions, TokenSource } from './transport.js';
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
export type { components, operations, paths } from './api-types.js';
