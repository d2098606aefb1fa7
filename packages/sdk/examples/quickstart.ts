import { createServer } from 'node:http';
import { buffer } from 'node:stream/consumers';
import { CalendarAccess, verifyWebhook } from '@calendar-access/sdk';
const client = new CalendarAccess({ token: process.env.SVC_TOKEN ?? '', baseUrl: 'http://localhost:3000/api/v1' });
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
for await (const event of client.events.list({ from: `${day(0)}T00:00:00Z`, to: `${day(13)}T00:00:00Z` })) console.log(event.start, event.title);
const [type] = await client.appointmentTypes.list();
const { slots } = await client.availability.get({ appointmentTypeId: type!.id, from: day(0), to: day(13), tz: 'UTC' });
const { request } = await client.requests.createAppointment({ appointmentTypeId: type!.id, slot: slots[0]!, requester: { name: 'Ana', email: 'ana@example.com' }, requesterTimezone: 'Europe/Madrid', requesterLocale: 'es' });
createServer(async (req, res) => {
  const event = await verifyWebhook(await buffer(req), req.headers['svc-signature'], process.env.SVC_WEBHOOK_SECRET ?? '');
  if (event.type === 'request.created' && event.data.id === request.id) console.log('verified', event.id, 'for', request.id);
  res.end('ok');
}).listen(4000);
