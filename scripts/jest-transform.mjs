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

/**
 * Jest runs each test file in a vm context, where every look-up of a global name goes through the
 * context's global object's interceptor: `Math.exp` in a loop runs about 30 times slower there than
 * in a plain module (a loop of 2·10⁷ Math.exp and Math.sqrt here: 94 s in a context, 3 s outside).
 * The statistics are such loops. Each module gets these globals once as its own constants: the same
 * objects (a spy on one of their properties still applies), looked up as fast as outside Jest. Not
 * Date or the timers, which Jest's fake timers replace on the global object itself. Put on the
 * first line, so that no line moves.
 */
const GLOBALS = ['Math', 'Number', 'Object', 'Array', 'String', 'Map', 'Set'];
const prologue = `const { ${GLOBALS.join(', ')} } = globalThis; `;

function transform(source, path, options) {
  const { code, map } = transformSync(source, {
    loader: 'ts',
    format: options.supportsStaticESM ? 'esm' : 'cjs',
    target: 'es2023',
    sourcemap: true,
    sourcefile: path,
    tsconfigRaw,
  });
  return { code: options.supportsStaticESM ? prologue + code : code, map };
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
