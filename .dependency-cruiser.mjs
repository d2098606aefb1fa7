/**
 * The house's rules (docs/architecture.md), checked by `npm test` (test/architecture.test.ts) and by
 * `npx depcruise src`. Arrows run down only: a folder (or file) of src/ imports only what lies below
 * it in LAYERS, so no two of them import each other.
 */

/** Top to bottom. A name is a folder of src/, or a file at its root without `.ts`. */
export const LAYERS = [
  ['cli'],
  ['server'],
  ['http'],
  ['reference'],
  ['oauth'],
  ['web'],
  ['operations'],
  ['demo'],
  ['deps'],
  ['services'],
  ['request-log'],
  ['webhooks'],
  ['email'],
  ['jobs', 'limits', 'net', 'ical'],
  ['threads'],
  ['store'],
  ['config', 'domain'],
];

const pathOf = (name) => `^src/${name}(/|\\.ts$)`;
const any = (names) => `^src/(${names.join('|')})(/|\\.ts$)`;

const layerRules = LAYERS.flatMap((layer, i) => {
  const above = LAYERS.slice(0, i).flat();
  const beside = layer.length > 1 ? layer : [];
  return [
    ...(above.length > 0
      ? [{
          name: `down-only-${layer.join('-')}`,
          comment: `${layer.join(', ')} may not import ${above.join(', ')}: arrows run down only`,
          severity: 'error',
          from: { path: any(layer) },
          to: { path: any(above) },
        }]
      : []),
    ...beside.map((name) => ({
      name: `apart-${name}`,
      comment: `${name} shares a floor with ${beside.filter((b) => b !== name).join(', ')}: neither imports the other`,
      severity: 'error',
      from: { path: pathOf(name) },
      to: { path: any(beside.filter((b) => b !== name)) },
    })),
  ];
});

export default {
  forbidden: [
    ...layerRules,
    {
      name: 'no-query-builder-outside-store',
      comment: 'every query lives in src/store/repos: only store/ imports kysely or pg to build or run one',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/store/' },
      to: { path: 'node_modules/(kysely|pg|@electric-sql/pglite)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      comment: 'no module reaches itself through its imports, inside a folder either',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // ESM packages (typebox) resolve through their `exports` as Node resolves them.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'node', 'default'] },
  },
};
