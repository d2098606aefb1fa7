/**
 * Starts Swagger UI on the reference page (a file: the CSP admits no inline script). A small plugin
 * shows each operation's `x-codeSamples` (curl and the SDK, written by http/openapi-samples.ts) above
 * its parameters: Swagger UI reads the extension but does not draw it. React comes from Swagger UI's
 * own bundle (`system.React`); no validator badge (it would call validator.swagger.io).
 */
export const REFERENCE_JS = `(function () {
  var root = document.getElementById('reference');
  if (!root || typeof SwaggerUIBundle !== 'function') return;
  function CodeSamples() {
    return {
      wrapComponents: {
        parameters: function (Original, system) {
          return function (props) {
            var h = system.React.createElement;
            var op = props.operation;
            var samples = op && op.get ? op.get('x-codeSamples') : null;
            var list = samples && samples.toJS ? samples.toJS() : [];
            var original = h(Original, props);
            if (!list.length) return original;
            return h('div', null,
              h('div', { className: 'code-samples' },
                h('h4', null, 'Code samples'),
                list.map(function (s, i) {
                  return h('div', { key: i, className: 'code-sample', 'data-label': s.label },
                    h('h5', null, s.label),
                    h('pre', null, h('code', null, s.source)));
                })),
              original);
          };
        }
      }
    };
  }
  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-spec'),
    dom_id: '#reference',
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [CodeSamples],
    validatorUrl: null,
    deepLinking: true,
    displayOperationId: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    showExtensions: false,
    persistAuthorization: false
  });
})();
`;
