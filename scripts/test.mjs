// `npm test` and `npm run test:full`: build dist/ (the tests run dist/index.js and dist/cli.js), then
// typecheck with tsc and run Jest side by side. tsc takes one core for about as long as the first
// test files take; run before Jest it left the second core idle. Arguments go to Jest
// (`npm test -- --json --outputFile=x.json`). Exits 1 when the build, the typecheck or Jest fails;
// tsc's own output is printed when it ends, under one heading, not mixed into Jest's. Each part's
// wall time and CPU time (its processes' user + system) is printed at the end, for bench/RESULTS.md.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const modules = join(root, 'node_modules');
const node = process.execPath;

/**
 * npm 11 turns on Node's compile cache for its own process before it runs any script
 * (`module.enableCompileCache()`), which makes `node-compile-cache` in the temp folder and fills it
 * when npm exits; tsc adds its own files to it. When the folder holds no file yet, this run's npm
 * made it: it is removed at the end, and npm, finding it gone, writes nothing back. A cache that was
 * there before the run is left as it was found, with what tsc added.
 */
const compileCache = join(tmpdir(), 'node-compile-cache');
const madeByThisRun = (() => {
  const holdsAFile = (dir) =>
    readdirSync(dir, { withFileTypes: true }).some((e) => !e.isDirectory() || holdsAFile(join(dir, e.name)));
  try {
    return statSync(compileCache).isDirectory() && !holdsAFile(compileCache);
  } catch {
    return false;
  }
})();

/** Seconds since `start` (a process.hrtime.bigint()), to a tenth. */
const since = (start) => (Number(process.hrtime.bigint() - start) / 1e9).toFixed(1);

/**
 * CPU seconds (user + system) of the processes this script has waited for so far, each with all it
 * waited for (Jest's workers and what they started): /proc/self/stat's cutime and cstime, in
 * USER_HZ (100 a second on Linux); undefined where there is no /proc. esbuild's service process,
 * which its caller leaves to exit by itself, is not waited for and not counted.
 */
function childrenCpu() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

const startedAll = process.hrtime.bigint();
/** One part's wall time, and the CPU its process and those it waited for used (given what was counted before it). */
const parts = [];
let counted = 0;
function done(name, start) {
  const cpu = childrenCpu();
  parts.push(`${name} ${since(start)} s${cpu === undefined ? '' : ` (${(cpu - counted).toFixed(1)} s CPU)`}`);
  if (cpu !== undefined) counted = cpu;
}

const buildStart = process.hrtime.bigint();
const build = spawnSync(node, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
done('build', buildStart);
if (build.status !== 0) process.exit(1);

/** Runs node with `args`; resolves with its exit status (1 when it was killed by a signal). */
function run(name, args, stdio) {
  const start = process.hrtime.bigint();
  const child = spawn(node, args, { cwd: root, stdio });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolved) => {
    child.on('error', (error) => resolved({ status: 1, output: output + String(error) }));
    child.on('close', (status) => {
      done(name, start);
      resolved({ status: status ?? 1, output });
    });
  });
}

const typecheck = run(
  'typecheck',
  [join(modules, 'typescript', 'bin', 'tsc'), '--noEmit'],
  ['ignore', 'pipe', 'pipe'],
).then((tsc) => {
  if (tsc.status !== 0) process.stderr.write(`\n=== typecheck (tsc --noEmit) failed:\n${tsc.output}\n`);
  return tsc.status;
});
const jest = run(
  'Jest',
  ['--experimental-vm-modules', join(modules, 'jest', 'bin', 'jest.js'), ...process.argv.slice(2)],
  'inherit',
).then((r) => r.status);

const [tsc, tests] = await Promise.all([typecheck, jest]);
if (tsc === 0) process.stderr.write('typecheck (tsc --noEmit): no errors\n');
process.stderr.write(`npm test: ${parts.join(', ')}; ${since(startedAll)} s in all\n`);
if (madeByThisRun) rmSync(compileCache, { recursive: true, force: true });
process.exit(tsc === 0 && tests === 0 ? 0 : 1);
