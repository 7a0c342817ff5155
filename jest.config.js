/**
 * Jest runs the TypeScript sources as ES modules, transpiled file by file by esbuild
 * (scripts/jest-transform.mjs; tsconfig's isolatedModules; `npm test` typechecks once with tsc).
 *
 * `npm test` is the fast suite; `npm run test:full` sets PERFGATE_TEST_FULL=1, which adds the
 * headless-browser tests and runs the suites with a volume knob at full volume
 * (__tests__/helpers/volume.ts). To run a browser test alone:
 *   PERFGATE_TEST_FULL=1 npm run jest -- __tests__/dashboard-browser.test.ts
 */
const full = process.env.PERFGATE_TEST_FULL === '1';

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  // esbuild, file by file (scripts/jest-transform.mjs); tsc typechecks the whole project first.
  transform: { '^.+\\.ts$': '<rootDir>/scripts/jest-transform.mjs' },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  // The browser tests drive headless Chromium: seconds each, in the full suite only.
  testPathIgnorePatterns: full ? ['/node_modules/'] : ['/node_modules/', '-browser\\.test\\.ts$'],
  // Jest's default leaves one core to its parent process, which only waits: on 2 cores that is one
  // test file at a time. Many files also wait on a child process (dist/cli.js, dist/index.js).
  maxWorkers: '100%',
  testTimeout: 60000,
  // Jest's own cache stays beside the dependencies, not in the temp folder.
  cacheDirectory: '<rootDir>/node_modules/.cache/jest',
  // One temporary folder for the whole run, removed at its end (__tests__/helpers/temp-root.mjs), and
  // one line when ../shared is missing (__tests__/helpers/global-setup.mjs).
  globalSetup: '<rootDir>/__tests__/helpers/global-setup.mjs',
  globalTeardown: '<rootDir>/__tests__/helpers/temp-teardown.mjs',
};
