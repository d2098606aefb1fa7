import { appCreateOperation, appDeleteOperation, appListOperation, appRotateSecretOperation, appShowOperation, appSuspendOperation, appUnsuspendOperation } from './app.js';
import {
  appWebhookDeliveriesOperation, appWebhookDisableOperation, appWebhookEnableOperation, appWebhookEndRotationOperation, appWebhookPingOperation,
  appWebhookRemoveOperation, appWebhookRotateOperation, appWebhookSetOperation, appWebhookShowOperation,
  appWebhookUpdateOperation,
} from './app-webhook.js';
import { bookingGetOperation, bookingSetOperation } from './booking.js';
import { calendarImportOperation } from './calendar.js';
import { demoOperation } from './demo.js';
import {
  endpointAddOperation,
  endpointDeliveriesOperation,
  endpointDisableOperation,
  endpointEnableOperation,
  endpointEndRotationOperation,
  endpointListOperation,
  endpointPingOperation,
  endpointRemoveOperation,
  endpointRotateOperation,
  endpointUpdateOperation,
} from './endpoint.js';
import { feedAddOperation, feedListOperation, feedRefreshOperation, feedRemoveOperation } from './feed.js';
import { logsAfterOperation } from './logs.js';
import { migrateOperation } from './migrate.js';
import type { Operation } from './operation.js';
import { ownerCreateOperation } from './owner.js';
import { requestDecideOperation, requesterActOperation, requestShowOperation, requestUndoOperation, taskCompleteOperation } from './request.js';
import { serviceAddressOperation } from './service.js';
import { tokenCreateOperation, tokenListOperation, tokenRevokeOperation } from './token.js';

/** Every command that touches the store, by the name the admin channel knows it by. */
export const OPERATIONS = {
  migrate: migrateOperation,
  'owner.create': ownerCreateOperation,
  'token.create': tokenCreateOperation,
  'token.list': tokenListOperation,
  'token.revoke': tokenRevokeOperation,
  demo: demoOperation,
  'calendar.import': calendarImportOperation,
  'booking.get': bookingGetOperation,
  'booking.set': bookingSetOperation,
  'feed.add': feedAddOperation,
  'feed.list': feedListOperation,
  'feed.remove': feedRemoveOperation,
  'feed.refresh': feedRefreshOperation,
  'endpoint.add': endpointAddOperation,
  'endpoint.list': endpointListOperation,
  'endpoint.update': endpointUpdateOperation,
  'endpoint.remove': endpointRemoveOperation,
  'endpoint.rotate': endpointRotateOperation,
  'endpoint.end-rotation': endpointEndRotationOperation,
  'endpoint.ping': endpointPingOperation,
  'endpoint.disable': endpointDisableOperation,
  'endpoint.enable': endpointEnableOperation,
  'endpoint.deliveries': endpointDeliveriesOperation,
  'request.decide': requestDecideOperation,
  'request.undo': requestUndoOperation,
  'request.show': requestShowOperation,
  'task.complete': taskCompleteOperation,
  'requester.act': requesterActOperation,
  'service.address': serviceAddressOperation,
  'app.create': appCreateOperation,
  'app.list': appListOperation,
  'app.show': appShowOperation,
  'app.rotate-secret': appRotateSecretOperation,
  'app.delete': appDeleteOperation,
  'app.suspend': appSuspendOperation,
  'app.unsuspend': appUnsuspendOperation,
  'logs.after': logsAfterOperation,
  'app.webhook.set': appWebhookSetOperation,
  'app.webhook.show': appWebhookShowOperation,
  'app.webhook.update': appWebhookUpdateOperation,
  'app.webhook.rotate-secret': appWebhookRotateOperation,
  'app.webhook.end-rotation': appWebhookEndRotationOperation,
  'app.webhook.ping': appWebhookPingOperation,
  'app.webhook.disable': appWebhookDisableOperation,
  'app.webhook.enable': appWebhookEnableOperation,
  'app.webhook.remove': appWebhookRemoveOperation,
  'app.webhook.deliveries': appWebhookDeliveriesOperation,
} satisfies Record<string, Operation>;

export type OperationName = keyof typeof OPERATIONS;
export type OperationResult<N extends OperationName> = Awaited<ReturnType<(typeof OPERATIONS)[N]>>;

export function isOperationName(name: string): name is OperationName {
  return Object.hasOwn(OPERATIONS, name);
}
