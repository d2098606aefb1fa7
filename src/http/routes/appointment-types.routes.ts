import Type from 'typebox';
import { notFound } from '../errors.js';
import { presentAppointmentType } from '../presenters/appointment-type.js';
import { defineRoute } from '../route.js';
import { AppointmentType } from '../schemas/resources.js';
import { listAppointmentTypes } from '../../store/repos/appointment-types.js';
import { isBookingEnabled } from '../../store/repos/owners.js';

export const listAppointmentTypesRoute = defineRoute({
  method: 'GET',
  url: '/appointment-types',
  operationId: 'listAppointmentTypes',
  summary: "The owner's appointment types, in the owner's order. 404 while the owner's booking is off.",
  tag: 'Availability',
  scope: 'availability:read',
  rateClass: 'read',
  response: Type.Object({ data: Type.Array(AppointmentType) }, { additionalProperties: false, title: 'AppointmentTypeList' }),
  errors: ['not_found'],
  async handler({ principal, services }) {
    if (!(await isBookingEnabled(services.db, principal.ownerId))) throw notFound();
    const rows = await listAppointmentTypes(services.db, principal.ownerId);
    return { data: rows.map(presentAppointmentType) };
  },
});
