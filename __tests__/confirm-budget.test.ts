/**
 * The confirmation's time budget (`--max-minutes`, input `confirm-max-minutes`): runConfirm stops at the look the next
 * look would take past it (pipeline/confirm.ts, overrunsBudget), and the report says how long it took, of what budget,
 * and that it stopped there (engine/report/confirmation.ts). The clock is a port: each run of the fake command takes
 * 30 s on it, so the times below are exact.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir, cwdFiles } from './helpers/shared.js';
import { overrunsBudget, runConfirm, type ConfirmPorts } from '../src/pipeline/confirm.js';
import { confirmLooks } from '../src/engine/confirm/plan.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import {
  confirmationHeadline,
  confirmationMarkdown,
  type ConfirmationSummary,
} from '../src/engine/report/confirmation/confirmation.js';
import { ACTION_SPELLING, CLI_SPELLING, confirmSettings } from '../src/engine/settings/rules.js';
import { isUndecidedReason, undecidedReason } from '../src/action/publish/checkRun.js';

const RUN_MS = 30_000;
const MINUTE = 60_000;

/**
 * A Go benchmark output per run: BenchmarkA 10 % slower on head (on the threshold, so that pairs stay undecided), with
 * a deterministic ±10 % wobble per run; every run advances the clock by RUN_MS.
 */
function fakeTool(): { ports: ConfirmPorts; runs: () => number } {
  let now = 0;
  let runs = 0;
  const ports: ConfirmPorts = {
    now: () => now,
    run(command, cwd) {
      runs += 1;
      now += RUN_MS;
      const wobble = 1 + 0.1 * Math.sin(runs * 2.3);
      const a = (cwd.endsWith('head') ? 1100 : 1000) * wobble;
      const file = /'?([^' ]+\/output)'?$/.exec(command)![1]!;
      writeFileSync(file, `BenchmarkA-8 \t 1000 \t ${a.toFixed(1)} ns/op\nBenchmarkB-8 \t 1000 \t 500 ns/op\n`);
      return { status: 0, stdout: '', stderr: '' };
    },
  };
  return { ports, runs: () => runs };
}

async function confirmWith(maxMs: number | undefined, maxPairs = 24) {
  const root = tempDir('perfgate-budget-');
  mkdirSync(join(root, 'base'));
  mkdirSync(join(root, 'head'));
  const tool = fakeTool();
  const lines: string[] = [];
  const outcome = await runConfirm(
    cwdFiles,
    {
      baseDir: join(root, 'base'),
      headDir: join(root, 'head'),
      command: 'bench -bench {filter} > {output}',
      maxPairs,
      ...(maxMs !== undefined ? { maxMs } : {}),
      outputDir: join(root, 'out'),
      thresholds: parseThresholds(undefined),
      floatParse: 'precise',
    },
    tool.ports,
    (line) => lines.push(line),
  );
  return { outcome, lines, runs: tool.runs() };
}

describe('the time budget of a confirmation', () => {
  test('overrunsBudget: at a look, the next look must fit; before the first, the next pair; never before 2 pairs or at the cap', () => {
    const looks = confirmLooks(24);
    expect(looks).toEqual([8, 12, 16, 20, 24]);
    // 8 pairs of a minute each: the look at 12 needs 4 more minutes.
    expect(overrunsBudget(8, looks, 8 * MINUTE, MINUTE, 11 * MINUTE)).toBe(true);
    expect(overrunsBudget(8, looks, 8 * MINUTE, MINUTE, 12 * MINUTE)).toBe(false);
    // Between looks only the next pair counts.
    expect(overrunsBudget(5, looks, 5 * MINUTE, MINUTE, 5.5 * MINUTE)).toBe(true);
    expect(overrunsBudget(5, looks, 5 * MINUTE, MINUTE, 6 * MINUTE)).toBe(false);
    expect(overrunsBudget(1, looks, 9 * MINUTE, MINUTE, MINUTE)).toBe(false);
    expect(overrunsBudget(24, looks, 99 * MINUTE, MINUTE, MINUTE)).toBe(false);
  });

  test('without a budget the undecided rows run on past the first look; with 10 min (1 min a pair) it stops at 8 pairs and says so', async () => {
    const free = await confirmWith(undefined);
    expect(free.outcome.pairs).toBeGreaterThan(8);
    expect(free.outcome.budgetReached).toBe(false);
    expect(free.outcome.confirmed).toEqual(['BenchmarkA']);

    const { outcome, lines, runs } = await confirmWith(10 * MINUTE);
    expect(outcome.pairs).toBe(8);
    expect(runs).toBe(16);
    expect(outcome.budgetReached).toBe(true);
    expect(outcome.elapsedMs).toBe(8 * MINUTE);
    expect(outcome.undecided).toEqual(['BenchmarkA']);
    expect(lines[0]).toContain('at most 24 pairs, within 10 min, looks at 8, 12, 16, 20, 24 pairs');
    expect(lines.at(-1)).toBe(
      'perfgate confirm: stopped at 8 pairs, at the time budget: 8 min used of 10 min, and the next look would overrun it',
    );
  });

  test('a budget shorter than the first look: it looks at the last pair that fits, and stops there', async () => {
    const { outcome, lines } = await confirmWith(4.5 * MINUTE);
    expect(outcome.pairs).toBe(4);
    expect(outcome.budgetReached).toBe(true);
    expect(lines).toContain('perfgate confirm: look at 4 pairs: still undecided: BenchmarkA');
    expect(lines.at(-1)).toContain('and the next pair would overrun it');
  });

  test('a budget that the whole cap fits in changes nothing', async () => {
    const { outcome } = await confirmWith(60 * MINUTE, 12);
    expect(outcome.pairs).toBe(12);
    expect(outcome.budgetReached).toBe(false);
    expect(outcome.elapsedMs).toBe(12 * MINUTE);
  });

  test('the report gives the minutes used, of the budget, and where it stopped; the Check says it undecided', () => {
    const summary: ConfirmationSummary = {
      state: 'unconfirmed',
      families: 2,
      pairs: 8,
      maxPairs: 24,
      alpha: 0.01,
      confidence: 0.995,
      confirmed: [],
      undecided: ['BenchmarkA'],
      usedMs: 9.25 * MINUTE,
      maxMs: 10 * MINUTE,
      budgetReached: true,
    };
    expect(confirmationMarkdown(summary)).toContain(
      '**Time:** 9.3 min of 10 min (the time budget); it stopped at 8 pairs, before the cap of 24, as the next look would have overrun the budget.',
    );
    expect(confirmationHeadline(summary, 'first')).toBe(
      '⚠️ 2 unconfirmed: flagged by the first stage, not confirmed by 8 A/B pairs on this runner (1 row still undecided at the time budget)',
    );
    const why = undecidedReason(true, undefined, summary);
    expect(why).toBe('1 benchmark still undecided after 8 A/B pairs, at the time budget');
    expect(isUndecidedReason(why!)).toBe(true);
    const { maxMs: _m, budgetReached: _b, ...unbudgeted } = summary;
    expect(confirmationMarkdown(unbudgeted)).toContain('**Time:** 9.3 min.');
    expect(confirmationHeadline(unbudgeted, 'first')).toContain('still undecided at the cap');
  });

  test('the input and the flag: minutes above 0, at most 360; only with a confirmation', () => {
    const given = { command: 'go test', firstStage: true, paired: false };
    expect(confirmSettings({ ...given, maxMinutes: '7.5' }, ACTION_SPELLING)?.maxMs).toBe(7.5 * MINUTE);
    expect(confirmSettings({ ...given, maxMinutes: ' ' }, ACTION_SPELLING)?.maxMs).toBeUndefined();
    expect(() => confirmSettings({ ...given, maxMinutes: '0' }, ACTION_SPELLING)).toThrow(
      /input "confirm-max-minutes".*a number of minutes above 0 and at most 360/,
    );
    expect(() => confirmSettings({ ...given, maxMinutes: 'soon' }, CLI_SPELLING)).toThrow(/--max-minutes/);
    expect(() => confirmSettings({ firstStage: true, paired: false, maxMinutes: '20' }, ACTION_SPELLING)).toThrow(
      'input "confirm-max-minutes" is for the confirmation; it needs input "confirm-command"',
    );
  });
});
