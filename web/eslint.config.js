// Lint for the web app: TypeScript's recommended rules, the rules of hooks,
// and the layout rule (onyx/feature-boundaries): a feature is used only through
// its index (@/features/x), never a file inside it, and a relative import never
// climbs out of its feature; src/shared (generic code) never imports a feature.
// src/app composes the features' screens.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import path from 'node:path';

const srcDir = path.join(path.dirname(new URL(import.meta.url).pathname), 'src');

/** 'features/x/…' → 'x'; anything else → null. */
const featureOf = (rel) => rel.match(/^features\/([^/]+)(\/|$)/)?.[1] ?? null;

const featureBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.relative(srcDir, context.filename);
    if (file.startsWith('..')) return {};
    const own = featureOf(file);
    const check = (node) => {
      const spec = node?.value;
      if (typeof spec !== 'string') return;
      let target;
      if (spec.startsWith('@/')) target = path.normalize(spec.slice(2));
      else if (spec.startsWith('.')) target = path.relative(srcDir, path.resolve(path.dirname(context.filename), spec));
      else return;
      const feature = featureOf(target);
      if (spec.startsWith('.') && own && feature !== own) {
        context.report({ node, message: `'${spec}' climbs out of features/${own}: import shared code through @/shared, another feature through @/features/<name>.` });
      } else if (spec.startsWith('.') && feature && feature !== own) {
        context.report({ node, message: `Import features/${feature} through its index by name: '@/features/${feature}'.` });
      } else if (file.startsWith('shared/') && feature) {
        context.report({ node, message: `src/shared is generic code: it never imports a feature ('${spec}').` });
      } else if (feature && feature !== own && target !== `features/${feature}`) {
        context.report({ node, message: `Import features/${feature} only through its index: '@/features/${feature}'.` });
      }
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
    };
  },
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/shared/api/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['e2e/**/*.mjs', 'scripts/**/*.mjs', '*.config.{js,ts}'],
    // Node scripts and browser tests: Node's globals, and the page's inside
    // page.evaluate callbacks.
    languageOptions: {
      globals: Object.fromEntries(
        ['process', 'console', 'URL', 'Buffer', 'fetch', 'setTimeout', 'clearTimeout', 'document', 'window', 'localStorage'].map(
          (name) => [name, 'readonly'],
        ),
      ),
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { onyx: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'onyx/feature-boundaries': 'error' },
  },
);
