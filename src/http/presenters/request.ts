import { formatInstant } from '../../domain/instant.js';
import type { Principal } from '../../services/authenticator.js';
import type { RequestRow } from '../../store/schema.js';
import type { RequestDto, RequesterDto } from '../schemas/resources.js';

/** Email and phone of the requester only for a token that also holds requests:contact. */
function presentRequester(row: RequestRow, withContact: boolean): RequesterDto {
  return {
    name: row.requester_name,
    ...(withContact && row.requester_email !== null ? { email: row.requester_email } : {}),
    ...(withContact && row.requester_phone !== null ? { phone: row.requester_phone } : {}),
    ...(row.contact_method !== null ? { contactMethod: row.contact_method as NonNullable<RequesterDto['contactMethod']> } : {}),
    ...(row.contact_handle !== null ? { contactHandle: row.contact_handle } : {}),
  };
}

export function presentRequest(row: RequestRow, principal: Principal): RequestDto {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    cancelledBy: row.status === 'cancelled' ? row.cancelled_by : null,
    appointmentTypeId: row.appointment_type_id,
    slot: row.slot_start && row.slot_end ? { start: formatInstant(row.slot_start), end: formatInstant(row.slot_end) } : null,
    suggestedDueDate: row.suggested_due_date,
    message: row.message,
    note: row.note,
    requester: presentRequester(row, principal.scopes.includes('requests:contact')),
    source: row.source,
    createdByThisToken: row.token_id === principal.tokenId,
    test: row.test,
    createdAt: formatInstant(row.created_at),
    updatedAt: formatInstant(row.updated_at),
  };
}
