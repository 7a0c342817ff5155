// Jest's transformer: each TypeScript file to an ES module by esbuild (already the build's bundler),
// file by file, types dropped and nothing checked: `npm test` typechecks the whole project with tsc.
// This is what ts-jest did here (isolatedModules, diagnostics off) at a fraction of its cost: a fresh
// clone transforms every source and test file once, and ts-jest spent seconds of CPU loading and
// running TypeScript for it in each Jest worker.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { transformSync } from 'esbuild';

const require = createRequire(import.meta.url);
const esbuildVersion = require('esbuild/package.json').version;
const self = readFileSync(new URL(import.meta.url));

/** tsconfig.json's options that change the emitted code (esbuild reads no tsconfig here by itself). */
const tsconfigRaw = {
  compilerOptions: { target: 'ES2023', verbatimModuleSyntax: true, useDefineForClassFields: true },
};

function transform(source, path, options) {
  const { code, map } = transformSync(source, {
    loader: 'ts',
    format: options.supportsStaticESM ? 'esm' : 'cjs',
    target: 'es2023',
    sourcemap: true,
    sourcefile: path,
    tsconfigRaw,
  });
  return { code, map };
}

export default {
  canInstrument: false,
  getCacheKey(source, path, options) {
    return createHash('sha256')
      .update(esbuildVersion)
      .update(self)
      .update(path)
      .update(String(options.supportsStaticESM))
      .update(source)
      .digest('hex');
  },
  process: transform,
};
