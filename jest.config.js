/** Jest runs the TypeScript sources as ES modules through ts-jest. */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json', diagnostics: false }],
  },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  testTimeout: 60000,
};
