// Web import boundaries (DESIGN §3): features never import each other's internals, and the layers
// below features (lib/, shared/, testing/) never reach up into them. A local rule rather than
// `no-restricted-imports` patterns, because "another feature" depends on which feature the importing
// file sits in, and a pattern list per feature would have to be edited for every new domain.
import path from 'node:path';

const SOURCE_ROOT = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;

/** The package.json `imports` aliases of apps/web, by the folder under src/ each one names. */
const ALIASES = {
  '#app/': 'app',
  '#features/': 'features',
  '#lib/': 'lib',
  '#shared/': 'shared',
  '#testing/': 'testing',
};

/** What each area may not import. app/ composes everything, so it has no entry. */
const FORBIDDEN = {
  features: ['app'],
  lib: ['app', 'features', 'shared'],
  shared: ['app', 'features'],
  testing: ['features'],
};

/** "features/pricing/api/x.ts" → { area: 'features', feature: 'pricing' }; undefined outside src/. */
function areaOf(pathUnderSource) {
  const [area, feature] = pathUnderSource.split('/');
  return area ? { area, feature: area === 'features' ? feature : undefined } : undefined;
}

/** Where an import specifier lands under apps/web/src, or undefined for packages and other places. */
function targetOf(specifier, fromFile) {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  if (alias) return areaOf(`${ALIASES[alias]}/${specifier.slice(alias.length)}`);
  if (!specifier.startsWith('.')) return undefined;
  const resolved = path.resolve(path.dirname(fromFile), specifier);
  const index = resolved.indexOf(SOURCE_ROOT);
  return index === -1
    ? undefined
    : areaOf(
        resolved
          .slice(index + SOURCE_ROOT.length)
          .split(path.sep)
          .join('/'),
      );
}

function describe({ area, feature }) {
  return feature ? `features/${feature}` : `${area}/`;
}

/** @type {import('eslint').Rule.RuleModule} */
const noCrossBoundaryImport = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Features do not import each other; lib/, shared/ and testing/ do not import features.',
    },
    schema: [],
    messages: {
      crossFeature:
        '{{from}} may not import {{to}}: features never import each other. Move what both need to shared/ or lib/.',
      upward:
        '{{from}} may not import {{to}}: it sits below it. Move what both need down to shared/ or lib/.',
    },
  },
  create(context) {
    const filename = path.resolve(context.filename);
    const index = filename.indexOf(SOURCE_ROOT);
    if (index === -1) return {};
    const from = areaOf(
      filename
        .slice(index + SOURCE_ROOT.length)
        .split(path.sep)
        .join('/'),
    );
    if (!from) return {};

    function check(node) {
      if (!node.source || typeof node.source.value !== 'string') return;
      const to = targetOf(node.source.value, filename);
      if (!to) return;
      const data = { from: describe(from), to: describe(to) };
      if (from.area === 'features' && to.area === 'features' && to.feature !== from.feature) {
        context.report({ node: node.source, messageId: 'crossFeature', data });
      } else if (FORBIDDEN[from.area]?.includes(to.area)) {
        context.report({ node: node.source, messageId: 'upward', data });
      }
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default [
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'web-boundaries': { rules: { 'no-cross-boundary-import': noCrossBoundaryImport } } },
    rules: { 'web-boundaries/no-cross-boundary-import': 'error' },
  },
];
