import type { AppointmentTypeRow } from '../../store/schema.js';
import type { AppointmentTypeDto } from '../schemas/resources.js';

export function presentAppointmentType(row: AppointmentTypeRow): AppointmentTypeDto {
  return { id: row.id, name: row.name, durationMinutes: row.duration_minutes };
}
