// Bundles the action (dist/index.js) and the CLI (dist/cli.js) as self-contained ES modules,
// so both run from a checkout with no node_modules. Output is deterministic (no timestamps).
import { build } from 'esbuild';
import { chmodSync, readFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

// Some bundled CommonJS dependencies call require() on Node built-ins; ESM output needs a shim.
const requireShim =
  "import { createRequire as __perfgateCreateRequire } from 'node:module';\n" +
  'const require = __perfgateCreateRequire(import.meta.url);';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  legalComments: 'none',
  logLevel: 'warning',
  charset: 'utf8',
  define: { PERFGATE_VERSION: JSON.stringify(version) },
};

await build({ ...common, entryPoints: ['src/action/index.ts'], outfile: 'dist/index.js', banner: { js: requireShim } });
await build({
  ...common,
  entryPoints: ['src/cli/index.ts'],
  outfile: 'dist/cli.js',
  banner: { js: '#!/usr/bin/env node\n' + requireShim },
});
chmodSync('dist/cli.js', 0o755);
