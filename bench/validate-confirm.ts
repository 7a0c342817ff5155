/**
 * Validates `perfgate confirm` on the issue's trial (#35, "Done when"): a synthetic Go benchmark
 * command (fixtures/confirm/synthetic-bench.mjs) with a noise factor of 12 % per invocation shared by
 * its 8 benchmarks, 3 % per benchmark and a drift of +0.4 % per invocation, confirmed with
 * `--max-pairs 24`, 10 tries of each case (seeded: SYNTH_SEED is the case and the try):
 *
 * - A/A: no slowdown; target: at most 1 of 10 fails;
 * - one benchmark ×1.25; target: at least 9 fail, naming it alone;
 * - one benchmark ×1.10 with `--threshold 0.05`; target: at least 9 fail, naming it alone;
 * - every benchmark ×1.25; target: at least 9 fail.
 *
 * Each case runs twice, with confirm's default (the shared-shift model across the run's experiments,
 * docs/statistics.md "Suites across experiments") and with `--no-shared-shift` (each benchmark
 * judged alone, the rule before it). Each try is the CLI's own `confirm` command
 * (src/cli/commands/confirm.ts) with the real shell, so each runs up to 48 Node processes; the
 * whole table takes a few minutes. It reports; it does not fail `npm run validate` when a target is
 * missed.
 *
 *   npm run validate [-- --quick]      (--quick: 3 tries per case)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { confirmCommand } from '../src/cli/commands/confirm.js';
import { rootedFiles } from '../src/pipeline/rootedFiles.js';

/** The test's files, relative paths taken from this process's working directory (the repository). */
const cwdFiles = rootedFiles(process.cwd());

const quick = process.argv.includes('--quick');
const TRIES = quick ? 3 : 10;
const SCRIPT = resolve('fixtures', 'confirm', 'synthetic-bench.mjs');
const BENCHMARKS = 'ABCDEFGH'.split('').map((c) => `Benchmark${c}`);

interface Case {
  name: string;
  slowdown: Record<string, number>;
  args: string[];
  /** The benchmark a failure must name alone; undefined: any failure counts. */
  alone?: string;
  target: string;
  met: (fails: number, alone: number) => boolean;
}

const CASES: Case[] = [
  { name: 'A/A', slowdown: {}, args: [], target: '≤ 1 fails', met: (f) => f <= 1 },
  {
    name: 'one ×1.25',
    slowdown: { BenchmarkC: 1.25 },
    args: [],
    alone: 'BenchmarkC',
    target: '≥ 9 fail naming it alone',
    met: (_f, a) => a >= 9,
  },
  {
    name: 'one ×1.10, --threshold 0.05',
    slowdown: { BenchmarkC: 1.1 },
    args: ['--threshold', '0.05'],
    alone: 'BenchmarkC',
    target: '≥ 9 fail naming it alone',
    met: (_f, a) => a >= 9,
  },
  {
    name: 'all ×1.25',
    slowdown: Object.fromEntries(BENCHMARKS.map((b) => [b, 1.25])),
    args: [],
    target: '≥ 9 fail',
    met: (f) => f >= 9,
  },
];

const RULES = [
  { name: 'shared shift (default)', args: [] as string[] },
  { name: '--no-shared-shift', args: ['--no-shared-shift'] },
];

const root = mkdtempSync(join(tmpdir(), 'perfgate-validate-confirm-'));
const scale = (n: number) => Math.round(n * (10 / TRIES));
console.log(
  `\n## perfgate confirm: the issue's trial (12 % shared noise per invocation, 3 % per benchmark, +0.4 % drift per invocation, 8 benchmarks, --max-pairs 24, ${TRIES} tries per case)\n`,
);
console.log('| case | rule | fails | named alone | undecided at the cap | mean pairs | wrongly named | target | met |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- |');
let caseIndex = 0;
try {
  for (const c of CASES) {
    caseIndex++;
    for (const rule of RULES) {
      let fails = 0;
      let alone = 0;
      let undecided = 0;
      let pairs = 0;
      const wrong = new Map<string, number>();
      for (let t = 1; t <= TRIES; t++) {
        const dir = join(root, `case${caseIndex}-try${t}`);
        const [base, head, state] = ['base', 'head', 'state'].map((n) => join(dir, n)) as [string, string, string];
        mkdirSync(base, { recursive: true });
        mkdirSync(head, { recursive: true });
        writeFileSync(join(head, 'slowdown.json'), JSON.stringify(c.slowdown));
        const env = `SYNTH_STATE=${state} SYNTH_SEED=${caseIndex * 1000 + t}`;
        const out = join(dir, 'out');
        let err = '';
        const code = await confirmCommand(
          [
            '--base-dir',
            base,
            '--head-dir',
            head,
            '--command',
            `${env} node ${SCRIPT} --filter {filter} --output {output}`,
            '--max-pairs',
            '24',
            '-o',
            out,
            ...c.args,
            ...rule.args,
          ],
          { out: () => {}, err: (text) => (err += text) },
          cwdFiles,
        );
        if (code !== 0 && code !== 1) throw new Error(`confirm exited ${code}:\n${err}`);
        const json = JSON.parse(readFileSync(join(out, 'comparison.json'), 'utf8')) as {
          subExperiments: {
            experimentType: string;
            status: string;
            comparisons: { status: string; gated: boolean }[];
          }[];
        };
        const failed = json.subExperiments.filter((s) => s.status === 'failed').map((s) => s.experimentType);
        if (code === 1) fails++;
        if (code === 1 && c.alone !== undefined && failed.length === 1 && failed[0] === c.alone) alone++;
        for (const name of failed)
          if (c.alone !== undefined ? name !== c.alone : Object.keys(c.slowdown).length === 0)
            wrong.set(name, (wrong.get(name) ?? 0) + 1);
        if (json.subExperiments.some((s) => s.comparisons.some((r) => r.gated && r.status === 'inconclusive')))
          undecided++;
        // Each pair is two invocations of the command: its own counter says how many ran.
        pairs += Number(readFileSync(join(state, 'counter'), 'utf8')) / 2;
        rmSync(dir, { recursive: true, force: true });
      }
      const wrongText = [...wrong].map(([n, k]) => `${n} ×${k}`).join(', ') || '0';
      console.log(
        `| ${c.name} | ${rule.name} | ${fails} of ${TRIES} | ${c.alone ? `${alone} of ${TRIES}` : '—'} | ${undecided} of ${TRIES} | ${(pairs / TRIES).toFixed(1)} | ${wrongText} | ${c.target} | ${c.met(scale(fails), scale(alone)) ? 'yes' : 'no'} |`,
      );
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
