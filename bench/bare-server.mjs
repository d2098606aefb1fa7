// A bare Fastify route with a response schema, in a process of its own like bench/events-server.mjs,
// so that bench/events.ts compares two servers of the same shape. Prints its address and waits.
import Fastify from 'fastify';

const app = Fastify();
app.get('/x', { schema: { response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } } }, async () => ({ ok: true }));
process.stdout.write(`${await app.listen({ port: 0, host: '127.0.0.1' })}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
