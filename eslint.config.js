// ESLint (flat config): `npm run lint`, also run by .ci/run.
//
// The rule set is deliberately modest: ESLint's and typescript-eslint's `recommended` sets
// (syntax-only, not the type-checked ones: those need a full TypeScript program per run, which
// doubles lint time on the 2-core CI machine while `tsc --noEmit` in `npm test` already checks
// types), minus the few rules listed below that would demand rewriting working code. The one
// rule this file exists for is the engine's layering (see ENGINE_LAYERING).
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The shells and the chart renderer: src/engine must never import them. */
const OUTER_LAYERS = ['pipeline', 'action', 'cli', 'render'];

/**
 * `no-restricted-imports` for a file `depth` folders below src/engine (0: src/engine/x.ts).
 * Relative paths are matched by how many `../` leave src/engine, so src/engine/charts (a pure
 * part of the engine) stays importable while src/render (the renderer, which needs node:*) does not.
 */
function engineLayering(depth, extraPatterns = []) {
  const up = '\\.\\./'.repeat(depth + 1);
  const layers = OUTER_LAYERS.join('|');
  const bare = builtinModules.filter((m) => !m.startsWith('_') && !m.startsWith('node:')).map(escape);
  return [
    'error',
    {
      patterns: [
        {
          group: ['node:*'],
          message:
            'src/engine is pure: no Node built-ins. Read and write files in src/pipeline and pass the engine bytes or strings.',
        },
        {
          regex: `^(${bare.join('|')})(/.*)?$`,
          message: 'src/engine is pure: no Node built-ins (bare names included). Read and write files in src/pipeline.',
        },
        {
          group: ['@actions/*', '@octokit/*'],
          message: 'src/engine never touches the GitHub toolkit: that belongs in src/action.',
        },
        {
          regex: `^${up}(${layers})(/|\\.js$|$)`,
          message:
            'src/engine must not import src/pipeline, src/action, src/cli or src/render: they import the engine, not the other way round.',
        },
        {
          regex: `(^|/)src/(${layers})(/|$)`,
          message:
            'src/engine must not import src/pipeline, src/action, src/cli or src/render: they import the engine, not the other way round.',
        },
        ...extraPatterns,
      ],
    },
  ];
}

/** The layering rule, one config per folder depth below src/engine (later configs would replace, not merge, the rule's options). */
const ENGINE_LAYERING = [0, 1, 2, 3].map((depth) => ({
  name: `perfgate/engine-layering-depth-${depth}`,
  files: [`src/engine/${'*/'.repeat(depth)}*.ts`],
  rules: { 'no-restricted-imports': engineLayering(depth) },
}));

/**
 * Inside the engine: model, stats and numeric are the ground floor. They import only each other,
 * errors.ts and text/, never the rooms built on them (compare, check, formats, report, derive, trends,
 * dashboard, charts, …), so that no import runs back up.
 */
const GROUND_FLOOR = ['model', 'stats', 'numeric'];
const GROUND_FLOOR_LAYERING = {
  name: 'perfgate/engine-layering-ground-floor',
  files: [`src/engine/{${GROUND_FLOOR.join(',')}}/*.ts`],
  rules: {
    'no-restricted-imports': engineLayering(1, [
      {
        regex: `^\\.\\./(?!(${[...GROUND_FLOOR, 'errors', 'text'].join('|')})(/|\\.js$))[^./]`,
        message:
          'src/engine/model, stats and numeric are the ground floor: they import only each other, errors.ts and text/, never compare, check, formats, report or another room built on them.',
      },
    ]),
  },
};

/** The same purity for what no-restricted-imports cannot see: import(), require() and the process. */
const ENGINE_PURITY = {
  name: 'perfgate/engine-purity',
  files: ['src/engine/**/*.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: 'ImportExpression',
        message:
          'src/engine loads no modules at run time: import what it needs statically (and only from src/engine or pure packages).',
      },
    ],
    'no-restricted-globals': [
      'error',
      ...['process', 'Buffer', 'require', '__dirname', '__filename'].map((name) => ({
        name,
        message: `src/engine is pure: no ${name}. The shells (src/pipeline, src/action, src/cli) own the process and the file system.`,
      })),
    ],
  },
};

export default tseslint.config(
  {
    name: 'perfgate/ignores',
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      'perfgate-report*/',
      'bench/.out/',
      '**/__golden__/',
      // What building the ecosystem fixtures leaves (CMake writes a compiler_depend.ts that is no TypeScript).
      'fixtures/ecosystems/*/*/build/',
      'fixtures/ecosystems/*/*/target/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    name: 'perfgate/languages',
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
  },
  {
    name: 'perfgate/tests',
    files: ['__tests__/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    name: 'perfgate/modest',
    rules: {
      // `_`-prefixed names are the code's way of saying "unused on purpose" (callbacks, destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Off: matching control characters is the point of those expressions. The terminal and
      // Markdown renderers strip or escape C0/C1 controls from hostile file and experiment names
      // (docs/fuzzing.md), and the console parsers skip ANSI escapes.
      'no-control-regex': 'off',
    },
  },
  {
    name: 'perfgate/modest-tests',
    files: ['__tests__/**/*.ts'],
    rules: {
      // Tests poke at parsed JSON, fakes of the GitHub API and private shapes: `any` there is a
      // deliberate shortcut, and the typed production code is what the rule is for.
      '@typescript-eslint/no-explicit-any': 'off',
      // Test helpers turn an unexpected error into an assertion message that already quotes the
      // caught error (name, message, stack); a `cause` would print it twice.
      'preserve-caught-error': 'off',
      // Expected values are copied digit for digit from the tools' own output (Python's repr, JSON
      // with 17+ significant digits) so a reader can match them to the fixture; rounding them to
      // what a double holds would hide where they came from.
      'no-loss-of-precision': 'off',
    },
  },
  ...ENGINE_LAYERING,
  GROUND_FLOOR_LAYERING,
  ENGINE_PURITY,
);
