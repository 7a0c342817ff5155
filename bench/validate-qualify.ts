/**
 * Validates `perfgate qualify` on the Done-when (#35 item 5): the synthetic Go benchmark
 * command (fixtures/confirm/synthetic-bench.mjs: 8 benchmarks, a noise factor per invocation shared
 * by all of them, 3 % per benchmark, +0.4 % drift per invocation), qualified with the defaults (12
 * A/A pairs for a confirmation of at most 24), seeds 1–10 (SYNTH_SEED):
 *
 * - 12 % shared noise, threshold 0.1: target: exit 0 (fit) for every seed;
 * - 60 % shared noise, `--threshold 0.05`: target: exit 4 (unfit) for every seed.
 *
 * Each case runs with qualify's default (the shared-shift model, as `confirm` judges) and with
 * `--no-shared-shift` (each benchmark alone, as `confirm --no-shared-shift`). Each try is the CLI's
 * own `qualify` command (src/cli/commands/qualify.ts) with the real shell: 24 Node processes a try,
 * about two minutes in all. It reports; it does not fail `npm run validate` when a target is missed.
 *
 *   npm run validate [-- --quick]      (--quick: seeds 1–3)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { qualifyCommand } from '../src/cli/commands/qualify.js';
import { rootedFiles } from '../src/pipeline/rootedFiles.js';

/** The test's files, relative paths taken from this process's working directory (the repository). */
const cwdFiles = rootedFiles(process.cwd());

const quick = process.argv.includes('--quick');
const SEEDS = quick ? 3 : 10;
const SCRIPT = resolve('fixtures', 'confirm', 'synthetic-bench.mjs');

interface Case {
  name: string;
  noise: number;
  args: string[];
  /** The exit code every seed should give. */
  expected: 0 | 4;
}

const CASES: Case[] = [
  { name: '12 % shared noise, threshold 0.1', noise: 0.12, args: [], expected: 0 },
  { name: '60 % shared noise, --threshold 0.05', noise: 0.6, args: ['--threshold', '0.05'], expected: 4 },
];

const RULES = [
  { name: 'shared shift (default)', args: [] as string[] },
  { name: '--no-shared-shift', args: ['--no-shared-shift'] },
];

interface QualifyJson {
  rows: { gated: boolean; sharedShift?: string; detectableAtCap: number | null; passBoundAtCap: number | null }[];
}

const root = mkdtempSync(join(tmpdir(), 'perfgate-validate-qualify-'));
const range = (values: number[]) =>
  values.length === 0 ? '—' : `${(Math.min(...values) * 100).toFixed(1)}–${(Math.max(...values) * 100).toFixed(1)} %`;
console.log(
  `\n## perfgate qualify: the issue's Done-when (synthetic Go command, 8 benchmarks, 3 % per benchmark, +0.4 % drift per invocation; 12 A/A pairs for a cap of 24; seeds 1–${SEEDS})\n`,
);
console.log(
  '| case | rule | exit 0 (fit) | exit 4 (unfit) | benchmarks’ Catches ≥ at 24 pairs | suite’s Catches ≥ at 24 pairs | worst row reached at 24 | target | met |',
);
console.log('| --- | --- | ---: | ---: | --- | --- | --- | --- | --- |');
try {
  for (const [caseIndex, c] of CASES.entries()) {
    for (const [ruleIndex, rule] of RULES.entries()) {
      const exits = { 0: 0, 4: 0 };
      const benchmarks: number[] = [];
      const suites: number[] = [];
      const reached: number[] = [];
      for (let seed = 1; seed <= SEEDS; seed++) {
        const dir = join(root, `case${caseIndex}-rule${ruleIndex}-seed${seed}`);
        const env = `SYNTH_STATE=${join(dir, 'state')} SYNTH_SEED=${seed} SYNTH_NOISE=${c.noise}`;
        let err = '';
        const code = await qualifyCommand(
          [
            '--dir',
            root,
            '--command',
            `${env} node ${SCRIPT} --filter {filter} --output {output}`,
            '-o',
            join(dir, 'out'),
            ...c.args,
            ...rule.args,
          ],
          { out: () => {}, err: (text) => (err += text) },
          cwdFiles,
        );
        if (code !== 0 && code !== 4) throw new Error(`qualify exited ${code}:\n${err}`);
        exits[code]++;
        const json = JSON.parse(readFileSync(join(dir, 'out', 'qualify.json'), 'utf8')) as QualifyJson;
        for (const row of json.rows.filter((r) => r.gated && r.detectableAtCap !== null))
          (row.sharedShift === 'suite' ? suites : benchmarks).push(row.detectableAtCap!);
        // The worst gated row's bound at the cap: the fit rule holds it below the threshold.
        reached.push(Math.max(...json.rows.filter((r) => r.gated).map((r) => r.passBoundAtCap ?? Infinity)));
        rmSync(dir, { recursive: true, force: true });
      }
      const met = exits[c.expected] === SEEDS;
      console.log(
        `| ${c.name} | ${rule.name} | ${exits[0]} of ${SEEDS} | ${exits[4]} of ${SEEDS} | ${range(benchmarks)} | ${range(suites)} | ${range(reached)} | exit ${c.expected} for every seed | ${met ? 'yes' : 'no'} |`,
      );
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
