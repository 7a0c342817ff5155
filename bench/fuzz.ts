/**
 * The fuzz campaign, `npm run fuzz [-- options]` (bench/fuzz.mjs bundles this file and runs it):
 * every parser of __tests__/helpers/fuzz.ts `PARSERS` through mutated inputs (see
 * __tests__/helpers/fuzzCampaign.ts), each parser in a worker thread watched for hangs and
 * memory, then a time-against-size check of each. Findings go to <out>/report.json, one saved
 * input per distinct finding under <out>/<category>/, and a table on stdout.
 *
 *   --per-adapter N   inputs per parser (default 100000)
 *   --seed S          campaign seed (default 1); input i of a parser is the same for the same seed
 *   --from I          start at input I (with --per-adapter I+1: rebuild and check the one input of a finding)
 *   --adapter ID      only this parser (repeat, or comma-separated)
 *   --minutes M       stop each parser when its share of M minutes is spent (default: no limit)
 *   --jobs J          parsers fuzzed at once (default 1: the machine is shared)
 *   --hang-seconds H  a parse that takes longer is a hang: the worker is stopped, the input saved (default 60)
 *   --memory-mb MB    heap limit of a worker; exceeding it is an out-of-memory finding (default 1024)
 *   --scaling-size N  characters of the time-against-size inputs (default 262144; 0 skips the check)
 *   --strict          impossible values (negative, NaN, infinite times and sizes) fail the run too
 *   --out DIR         where findings go (default fuzz-findings, gitignored)
 *
 * Exit 0 when no parser broke the contract, 1 when one did, 2 on a usage error.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import {
  allSeeds,
  CATEGORIES,
  checkParserScaling,
  CONTRACT_CATEGORIES,
  findingKey,
  makeInput,
  PARSERS,
  runRange,
  seedsFor,
  type Category,
  type Finding,
} from '../__tests__/helpers/fuzzCampaign.js';

interface Options {
  perAdapter: number;
  from: number;
  seed: number;
  adapters: string[];
  minutes: number;
  jobs: number;
  hangSeconds: number;
  memoryMb: number;
  scalingSize: number;
  strict: boolean;
  out: string;
}

interface WorkerTask {
  parser: string;
  seed: number;
  from: number;
  to: number;
  /** ms of fuzzing (Infinity: until `to`). */
  budgetMs: number;
  scalingSize: number;
  progress: SharedArrayBuffer;
}

type WorkerMessage = { type: 'done'; parses: number; byKind: Record<string, number>; findings: Distinct[] };

/** One distinct finding: the first (smallest) input seen, and how many inputs gave it. */
interface Distinct extends Finding {
  key: string;
  count: number;
}

/** What a worker is doing (mark[1]); the watchdog times only parses, not the worker's start (loading the seeds). */
const PHASE_LOADING = 0;
const PHASE_FUZZING = 1;
const PHASE_SCALING = 2;
/** A worker's start (bundle, fast-check, 300 seed files) may take this many times the hang limit on a busy machine. */
const STARTUP_HANG_FACTOR = 10;

function merge(into: Map<string, Distinct>, findings: Iterable<Finding | Distinct>): void {
  for (const f of findings) {
    const key = 'key' in f ? f.key : findingKey(f);
    const count = 'count' in f ? f.count : 1;
    const had = into.get(key);
    if (!had) into.set(key, { ...f, key, count });
    else {
      had.count += count;
      if (f.text.length < had.text.length) Object.assign(had, { ...f, key, count: had.count });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Worker: one parser, inputs from..to, then the scaling check.

if (!isMainThread) {
  const task = workerData as WorkerTask;
  const parser = PARSERS.find((p) => p.id === task.parser)!;
  const mark = new Int32Array(task.progress);
  // The parser's share of --minutes counts from here: the worker's start and the scaling check are not in it.
  allSeeds();
  seedsFor(parser);
  const deadline = performance.now() + task.budgetMs;
  Atomics.store(mark, 1, PHASE_FUZZING);
  const result = runRange(parser, task.seed, task.from, task.to, (index) => Atomics.store(mark, 0, index), deadline);
  const distinct = new Map<string, Distinct>();
  merge(distinct, result.findings);
  if (task.scalingSize > 0) {
    Atomics.store(mark, 1, PHASE_SCALING);
    const seeds = seedsFor(parser);
    const seed = seeds.reduce((a, b) => (b.text.length < a.text.length && b.text.length > 0 ? b : a), seeds[0]!);
    merge(distinct, checkParserScaling(parser, seed, task.scalingSize, task.seed));
  }
  parentPort!.postMessage({
    type: 'done',
    parses: result.parses,
    byKind: result.byKind,
    findings: [...distinct.values()],
  } satisfies WorkerMessage);
}

// ---------------------------------------------------------------------------------------------
// Main: options, workers with a watchdog, the report.

function usage(message: string): never {
  process.stderr.write(`npm run fuzz: ${message}\n`);
  process.exit(2);
}

function parseOptions(argv: string[]): Options {
  const o: Options = {
    perAdapter: 100_000,
    from: 0,
    seed: 1,
    adapters: [],
    minutes: Infinity,
    jobs: 1,
    hangSeconds: 60,
    memoryMb: 1024,
    scalingSize: 262_144,
    strict: false,
    out: 'fuzz-findings',
  };
  const number = (name: string, v: string | undefined, min: number) => {
    const n = Number(v);
    if (v === undefined || !Number.isFinite(n) || n < min)
      usage(`${name} needs a number ≥ ${min}, got ${v ?? 'nothing'}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--strict') {
      o.strict = true;
      continue;
    }
    const v = argv[++i];
    if (a === '--per-adapter') o.perAdapter = Math.floor(number(a, v, 1));
    else if (a === '--from') o.from = Math.floor(number(a, v, 0));
    else if (a === '--seed') o.seed = Math.floor(number(a, v, 0));
    else if (a === '--minutes') o.minutes = number(a, v, 0.01);
    else if (a === '--jobs') o.jobs = Math.floor(number(a, v, 1));
    else if (a === '--hang-seconds') o.hangSeconds = number(a, v, 1);
    else if (a === '--memory-mb') o.memoryMb = Math.floor(number(a, v, 64));
    else if (a === '--scaling-size') o.scalingSize = Math.floor(number(a, v, 0));
    else if (a === '--adapter') o.adapters.push(...(v ?? '').split(',').filter(Boolean));
    else if (a === '--out') o.out = v ?? usage('--out needs a folder');
    else usage(`unknown option ${a}`);
  }
  const known = new Set(PARSERS.map((p) => p.id));
  for (const id of o.adapters) if (!known.has(id)) usage(`no parser ${id}; parsers: ${[...known].join(', ')}`);
  return o;
}

interface ParserRun {
  id: string;
  parses: number;
  ms: number;
  restarts: number;
  byKind: Record<string, number>;
}

/** Fuzzes one parser, restarting its worker past an input that hung or ran out of memory. */
async function fuzzParser(
  o: Options,
  id: string,
  budgetMs: number,
  findings: Map<string, Distinct>,
  bundle: string,
): Promise<ParserRun> {
  const run: ParserRun = { id, parses: 0, ms: 0, restarts: 0, byKind: {} };
  const started = performance.now();
  const parser = PARSERS.find((p) => p.id === id)!;
  let from = o.from;
  while (from < o.perAdapter) {
    const progress = new SharedArrayBuffer(8);
    const mark = new Int32Array(progress);
    Atomics.store(mark, 0, from);
    const task: WorkerTask = {
      parser: id,
      seed: o.seed,
      from,
      to: o.perAdapter,
      budgetMs: budgetMs - (performance.now() - started),
      scalingSize: o.scalingSize,
      progress,
    };
    const worker = new Worker(bundle, { workerData: task, resourceLimits: { maxOldGenerationSizeMb: o.memoryMb } });
    const outcome = await new Promise<{ done?: WorkerMessage; failed?: { category: Category; message: string } }>(
      (settle) => {
        let last = -1;
        let since = performance.now();
        const watch = setInterval(() => {
          const phase = Atomics.load(mark, 1);
          const now = Atomics.load(mark, 0) * 4 + phase;
          const limit = o.hangSeconds * 1000 * (phase === PHASE_LOADING ? STARTUP_HANG_FACTOR : 1);
          if (now !== last) {
            last = now;
            since = performance.now();
          } else if (performance.now() - since > limit) {
            clearInterval(watch);
            void worker.terminate();
            const what =
              phase === PHASE_SCALING
                ? 'the time-against-size check'
                : phase === PHASE_LOADING
                  ? 'the worker start'
                  : 'one parse';
            settle({
              failed: { category: 'hang', message: `${id}: ${what} ran more than ${limit / 1000} s (wall clock)` },
            });
          }
        }, 250);
        worker.on('message', (m: WorkerMessage) => {
          clearInterval(watch);
          settle({ done: m });
        });
        worker.on('error', (e: Error & { code?: string }) => {
          clearInterval(watch);
          const oom = e.code === 'ERR_WORKER_OUT_OF_MEMORY' || /heap out of memory|allocation failed/i.test(e.message);
          settle({
            failed: {
              category: oom ? 'out-of-memory' : 'exception',
              message: `${id}: ${oom ? `over the ${o.memoryMb} MB heap limit` : `worker died: ${e.message}`}`,
            },
          });
        });
        worker.on('exit', (code) => {
          clearInterval(watch);
          settle({ failed: { category: 'exception', message: `${id}: worker exited with code ${code}` } });
        });
      },
    );
    if (outcome.done) {
      run.parses += outcome.done.parses;
      for (const [k, n] of Object.entries(outcome.done.byKind)) run.byKind[k] = (run.byKind[k] ?? 0) + n;
      merge(findings, outcome.done.findings);
      break;
    }
    // The input the worker was on: rebuilt here from (seed, parser, index).
    const index = Atomics.load(mark, 0);
    const phase = Atomics.load(mark, 1);
    const inScaling = phase !== PHASE_FUZZING;
    run.restarts++;
    run.parses += index - from;
    if (inScaling) {
      merge(findings, [
        {
          category: outcome.failed!.category,
          parser: id,
          kind: 'scaling',
          seed: o.seed,
          index: -1,
          file: '',
          message: outcome.failed!.message,
          text: '',
        },
      ]);
      break; // the inputs were done (or never started): only the scaling check or the start hung
    }
    const input = makeInput(parser, seedsFor(parser), allSeeds(), o.seed, index);
    merge(findings, [
      { ...outcome.failed!, parser: id, kind: input.kind, seed: o.seed, index, file: input.file, text: input.text },
    ]);
    from = index + 1;
    if (performance.now() - started > budgetMs) break;
  }
  run.ms = performance.now() - started;
  return run;
}

function save(o: Options, f: Distinct): string {
  const dir = join(o.out, f.category);
  mkdirSync(dir, { recursive: true });
  const name = `${f.parser}-${createHash('sha256').update(f.key).digest('hex').slice(0, 10)}.txt`;
  writeFileSync(join(dir, name), f.text);
  return join(f.category, name);
}

function pad(s: string | number, n: number, right = false): string {
  const t = String(s);
  return right ? t.padStart(n) : t.padEnd(n);
}

/** Writes <out>/report.json and the saved inputs (again after every parser, so a stopped run keeps what it found). */
function writeReport(o: Options, started: number, runs: ParserRun[], findings: Map<string, Distinct>) {
  // Only what an earlier run wrote there: --out may name a folder that holds other files.
  rmSync(join(o.out, 'report.json'), { force: true });
  for (const c of CATEGORIES) rmSync(join(o.out, c), { recursive: true, force: true });
  mkdirSync(o.out, { recursive: true });
  const distinct = [...findings.values()].sort(
    (a, b) =>
      CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category) ||
      a.parser.localeCompare(b.parser) ||
      a.key.localeCompare(b.key),
  );
  const report = {
    seed: o.seed,
    perAdapter: o.perAdapter,
    minutes: Number.isFinite(o.minutes) ? o.minutes : null,
    seconds: Math.round((Date.now() - started) / 1000),
    node: process.version,
    parses: runs.reduce((s, r) => s + r.parses, 0),
    parsers: runs.map((r) => ({
      id: r.id,
      parses: r.parses,
      seconds: +(r.ms / 1000).toFixed(1),
      restarts: r.restarts,
      byKind: r.byKind,
    })),
    findings: distinct.map(({ text, key: _key, ...f }) => ({
      ...f,
      length: text.length,
      saved: save(o, { ...f, text, key: _key }),
    })),
  };
  writeFileSync(join(o.out, 'report.json'), JSON.stringify(report, null, 2) + '\n');
  return { distinct, report };
}

async function main(): Promise<void> {
  const o = parseOptions(process.argv.slice(2));
  const bundle = process.env.PERFGATE_FUZZ_BUNDLE!;
  const ids = o.adapters.length > 0 ? [...new Set(o.adapters)] : [...new Set(PARSERS.map((p) => p.id))];
  const started = Date.now();
  const share = (o.minutes * 60_000 * Math.min(o.jobs, ids.length)) / ids.length;
  const findings = new Map<string, Distinct>();
  const runs: ParserRun[] = [];
  process.stderr.write(
    `fuzz: ${ids.length} parsers × ${o.perAdapter} inputs, seed ${o.seed}${Number.isFinite(o.minutes) ? `, ${o.minutes} min` : ''}, ${allSeeds().length} seed files\n`,
  );
  const queue = [...ids];
  await Promise.all(
    Array.from({ length: Math.min(o.jobs, ids.length) }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const run = await fuzzParser(o, id, share, findings, bundle);
        runs.push(run);
        writeReport(o, started, runs, findings);
        const mine = [...findings.values()].filter((f) => f.parser === id);
        process.stderr.write(
          `fuzz: ${pad(id, 28)} ${pad(run.parses, 7, true)} inputs ${pad((run.ms / 1000).toFixed(1), 6, true)} s  ${mine.length} distinct findings\n`,
        );
      }
    }),
  );
  runs.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));

  const { distinct, report } = writeReport(o, started, runs, findings);

  const cats = CATEGORIES;
  const head =
    `${pad('parser', 28)} ${pad('inputs', 8, true)} ${pad('s', 7, true)} ` +
    cats.map((c) => pad(c, c.length, true)).join(' ');
  const lines = [head, '-'.repeat(head.length)];
  for (const r of runs) {
    const counts = cats.map((c) =>
      pad(distinct.filter((f) => f.parser === r.id && f.category === c).length || '.', c.length, true),
    );
    lines.push(
      `${pad(r.id, 28)} ${pad(r.parses, 8, true)} ${pad((r.ms / 1000).toFixed(1), 7, true)} ${counts.join(' ')}`,
    );
  }
  lines.push(
    '',
    `${report.parses} inputs in ${report.seconds} s; distinct findings by category (inputs that gave them):`,
  );
  for (const c of cats) {
    const of = distinct.filter((f) => f.category === c);
    lines.push(`  ${pad(c, 18)} ${pad(of.length, 4, true)} (${of.reduce((s, f) => s + f.count, 0)})`);
  }
  for (const f of distinct)
    lines.push(
      `  [${f.category}] ${f.parser} (${f.kind}, ×${f.count}, seed ${f.seed} index ${f.index}): ${f.message.split('\n')[0]!.slice(0, 200)}`,
    );
  lines.push(`report: ${resolve(o.out, 'report.json')}`);
  process.stdout.write(lines.join('\n') + '\n');

  const failing = distinct.filter(
    (f) => CONTRACT_CATEGORIES.includes(f.category) || (o.strict && f.category === 'impossible-value'),
  );
  process.exitCode = failing.length > 0 ? 1 : 0;
}

if (isMainThread) {
  main().catch((error) => {
    process.stderr.write(`npm run fuzz: ${(error as Error).stack}\n`);
    process.exitCode = 1;
  });
}
