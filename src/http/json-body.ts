import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * How every surface reads a JSON body. An empty JSON body is no body (clients often send
 * Content-Type with an empty POST to /requests/{id}/withdraw); anything else goes to Fastify's own
 * parser, prototype-poisoning guard included. text/plain is read as JSON too (fetch's default for a
 * string body): a body that is not JSON is 400 whatever it is labelled.
 */
export const jsonBody: FastifyPluginAsync = async (app: FastifyInstance) => {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return json(request, text, done);
  });
};
// A parser of the root, as it always was: the pages read JSON bodies the same way (skip-override).
(jsonBody as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
