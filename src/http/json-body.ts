import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { ApiError } from './errors.js';
import { describeJsonFault } from './json-syntax.js';

/**
 * How every surface reads a JSON body. An empty JSON body is no body (clients often send
 * Content-Type with an empty POST to /requests/{id}/withdraw); anything else goes to Fastify's own
 * parser, prototype-poisoning guard included. text/plain is read as JSON too (fetch's default for a
 * string body): a body that is not JSON is 400 whatever it is labelled, and the answer says where
 * and what went wrong (a shell that left a variable empty sends `"slot": ,`: "a value is expected
 * at line 1 column 40").
 */
export const jsonBody: FastifyPluginAsync = async (app: FastifyInstance) => {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return json(request, text, (err, value) => {
      if (!err) return done(null, value);
      if ((err as { code?: string }).code !== 'FST_ERR_CTP_INVALID_JSON_BODY') return done(err, undefined);
      return done(new ApiError('bad_request', notJson(text)), undefined);
    });
  });
};
// A parser of the root, as it always was: the pages read JSON bodies the same way (skip-override).
(jsonBody as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

/** The 400's message: where the text stops being JSON, or the key Fastify's guard refuses. */
function notJson(text: string): string {
  const fault = describeJsonFault(text);
  if (fault) return `The body is not valid JSON: ${fault}.`;
  return 'The body is not accepted: a "__proto__" or "constructor.prototype" key is refused.';
}
