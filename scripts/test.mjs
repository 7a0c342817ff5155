// `npm test` and `npm run test:full`: build dist/ (the tests run dist/index.js and dist/cli.js), then
// typecheck with tsc and run Jest side by side. tsc takes one core for about as long as the first
// test files take; run before Jest it left the second core idle. Arguments go to Jest
// (`npm test -- --json --outputFile=x.json`). Exits 1 when the build, the typecheck or Jest fails;
// tsc's own output is printed when it ends, under one heading, not mixed into Jest's.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const modules = join(root, 'node_modules');
const node = process.execPath;

const build = spawnSync(node, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

/** Runs node with `args`; resolves with its exit status (1 when it was killed by a signal). */
function run(args, stdio) {
  const child = spawn(node, args, { cwd: root, stdio });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((done) => {
    child.on('error', (error) => done({ status: 1, output: output + String(error) }));
    child.on('close', (status) => done({ status: status ?? 1, output }));
  });
}

const typecheck = run([join(modules, 'typescript', 'bin', 'tsc'), '--noEmit'], ['ignore', 'pipe', 'pipe']).then(
  (tsc) => {
    if (tsc.status !== 0) process.stderr.write(`\n=== typecheck (tsc --noEmit) failed:\n${tsc.output}\n`);
    return tsc.status;
  },
);
const jest = run(
  ['--experimental-vm-modules', join(modules, 'jest', 'bin', 'jest.js'), ...process.argv.slice(2)],
  'inherit',
).then((r) => r.status);

const [tsc, tests] = await Promise.all([typecheck, jest]);
if (tsc === 0) process.stderr.write('typecheck (tsc --noEmit): no errors\n');
process.exit(tsc === 0 && tests === 0 ? 0 : 1);
