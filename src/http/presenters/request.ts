import { formatInstant } from '../../domain/instant.js';
import type { Principal } from '../../services/authenticator.js';
import type { RequestFeedRow } from '../../store/repos/requests.js';
import type { RequestRow } from '../../store/schema.js';
import { wireInstant } from '../paging.js';
import type { RequestDto, RequesterDto } from '../schemas/resources.js';

/** The columns a request shows besides its instants, alike in a stored row and a feed row. */
type RequestFields = Omit<RequestFeedRow, 'slot_start' | 'slot_end' | 'created_at' | 'updated_at' | 'deleted_at'>;

interface RequestInstants {
  slot: { start: string; end: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** Email and phone of the requester only for a token that also holds requests:contact. */
function presentRequester(row: RequestFields, withContact: boolean): RequesterDto {
  const requester: RequesterDto = { name: row.requester_name };
  if (withContact && row.requester_email !== null) requester.email = row.requester_email;
  if (withContact && row.requester_phone !== null) requester.phone = row.requester_phone;
  if (row.contact_method !== null) requester.contactMethod = row.contact_method as NonNullable<RequesterDto['contactMethod']>;
  if (row.contact_handle !== null) requester.contactHandle = row.contact_handle;
  return requester;
}

function present(row: RequestFields, instants: RequestInstants, principal: Principal): RequestDto {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    cancelledBy: row.status === 'cancelled' ? row.cancelled_by : null,
    appointmentTypeId: row.appointment_type_id,
    slot: instants.slot,
    suggestedDueDate: row.suggested_due_date,
    message: row.message,
    note: row.note,
    requester: presentRequester(row, principal.scopes.includes('requests:contact')),
    source: row.source,
    createdByThisToken: row.token_id === principal.tokenId,
    test: row.test,
    createdAt: instants.createdAt,
    updatedAt: instants.updatedAt,
  };
}

export function presentRequest(row: RequestRow, principal: Principal): RequestDto {
  const slot = row.slot_start && row.slot_end ? { start: formatInstant(row.slot_start), end: formatInstant(row.slot_end) } : null;
  return present(row, { slot, createdAt: formatInstant(row.created_at), updatedAt: formatInstant(row.updated_at) }, principal);
}

/** A request of the change feed (requestFeed), its instants already text. */
export function presentFeedRequest(row: RequestFeedRow, principal: Principal): RequestDto {
  const slot = row.slot_start !== null && row.slot_end !== null ? { start: wireInstant(row.slot_start), end: wireInstant(row.slot_end) } : null;
  return present(row, { slot, createdAt: wireInstant(row.created_at), updatedAt: wireInstant(row.updated_at) }, principal);
}
