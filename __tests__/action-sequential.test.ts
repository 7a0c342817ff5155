/**
 * The bundled action (dist/index.js) run as the runner runs it, on a pull request against a loopback
 * GitHub checked against GitHub's OpenAPI description: an A/B run whose first look is inconclusive
 * (the job passes; outputs, summary and comment say so and how many more pairs would decide) and
 * whose second look, with 4 more pairs, decides — what perfgate-ab.yml does with SEQUENTIAL 'true'.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeCommentGitHub } from './helpers/github-comment-fake.js';
import { eventFile, pullRequestEvent } from './helpers/github-events.js';
import { makeTempDir, removeTempDirs } from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';
import { writeSyntheticRun } from './helpers/synthetic-runs.js';

const TOKEN = 'ghs_sequentialSECRET0123456789abcdefgh';
let fake: FakeCommentGitHub | undefined;
afterEach(async () => {
  await fake?.stop();
  fake = undefined;
});
afterAll(removeTempDirs);

/** The machine's state during pair i (what interleaving cancels), as in verdict-paired.test.ts. */
const JITTER = [1.0, 1.3, 0.8, 1.1, 0.9, 1.25, 0.85, 1.05, 0.95, 1.2, 0.9, 1.1];
/**
 * Per-pair log ratios: pairs 1–8 at 0.13 ± (0.16, 0.1, 0.04, 0.2) (mean 0.13, sd 0.1485: Δ +14 %, an interval from
 * below 0 to far above +10 %); pairs 9–12 at 0.35 (mean of 12: 0.203, sd 0.160).
 */
const LOG_RATIOS = [0.29, -0.03, 0.23, 0.03, 0.17, 0.09, 0.33, -0.07, 0.35, 0.35, 0.35, 0.35];

/** Pairs 1 … n in base/rI and head/rI (Google Benchmark JSON, 3 sizes, 1 % per-sample noise). */
function writePairs(root: string, n: number): { base: string; head: string } {
  const base = join(root, 'base');
  const head = join(root, 'head');
  for (let i = 0; i < n; i++) {
    writeSyntheticRun(join(base, `r${i + 1}`), 'google-benchmark', JITTER[i]!, 1, 3000 + 2 * i);
    writeSyntheticRun(join(head, `r${i + 1}`), 'google-benchmark', JITTER[i]!, Math.exp(LOG_RATIOS[i]!), 3001 + 2 * i);
  }
  return { base, head };
}

describe('action: sequential A/B against a loopback GitHub', () => {
  test('look 1 (8 of at most 12 pairs) is inconclusive and passes; look 2 (12 pairs) fails; one comment', async () => {
    fake = await new FakeCommentGitHub({ owner: 'octo', repo: 'bench', issueNumber: 12 }).start();
    const env = {
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: eventFile(
        pullRequestEvent({ owner: 'octo', repo: 'bench', number: 12, headSha: 'feedface'.repeat(5) }),
      ),
      GITHUB_REPOSITORY: 'octo/bench',
      GITHUB_API_URL: fake.apiUrl,
      GITHUB_SERVER_URL: 'https://github.example',
      GITHUB_RUN_ID: '556',
      GITHUB_WORKFLOW: 'perfgate-ab',
      GITHUB_JOB: 'ab',
      PERFGATE_RETRY_BASE_MS: '1',
    };
    const root = makeTempDir('perfgate-seq-');
    const inputs = (pairs: { base: string; head: string }) => ({
      baseline: pairs.base,
      results: pairs.head,
      paired: 'true',
      'max-pairs': '12',
      threshold: '0.1',
      'github-token': TOKEN,
      'upload-report': 'false',
    });

    const first = await runActionInProcess(inputs(writePairs(join(root, 'look1'), 8)), { env });
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.outputs).toMatchObject({ verdict: 'pass', inconclusive: 'true', 'comparisons-failed': '0' });
    // The pooled row (α 0.5 %): at this look (8 of 12, Pocock: nominal α 0.5 % · ln(1 + (e − 1) · 2/3) = 0.38 %)
    // t(0.9962, 7) ≈ 4.0 gives a margin of 0.21 > 0.13: not a failure; its 90 % upper bound is far above log 1.1.
    // The only later look, 12 of 12 (nominal ≈ 0.3 %, t(0.997, 11) ≈ 3.5), would need 3.5 · 0.1485 / √12 = 0.15
    // < 0.13 to fail at the observed mean and spread: even the cap would not decide.
    expect(first.outputs['pairs-needed']).toBe('');
    const headline =
      '### ⏳ 1 inconclusive (even 12 pairs would not decide) · ⚠️ 3 slower (cpu time +14 %) inside the noise · against the baseline (A/B, 8 pairs)';
    expect(first.summary).toContain(headline);
    expect(first.summary).toContain('Sequential A/B: look 1 at 8 of at most 12 pairs');
    expect(first.summary).toContain('⏳ inconclusive');
    // comparison.json carries the row's status and the pairs that would decide.
    const report = readdirSync(join(first.workspace, 'perfgate-report'));
    expect(report).toContain('comparison.json');
    const json = JSON.parse(readFileSync(join(first.workspace, 'perfgate-report', 'comparison.json'), 'utf8')) as {
      inconclusive: unknown;
      subExperiments: { comparisons: { parameter: string; status: string }[] }[];
    };
    expect(json.inconclusive).toEqual({ benchmarks: 1, pairsCap: 12 });
    const rows = json.subExperiments.flatMap((s) => s.comparisons) as { status: string; morePairs?: number }[];
    expect(rows.filter((r) => r.morePairs !== undefined)).toEqual([]);
    // Google Benchmark gives real time and cpu time: each metric's geomean row decides its family.
    expect(rows.filter((r) => r.status === 'inconclusive')).toEqual([
      expect.objectContaining({ parameter: 'geomean', metric: 'real time', pairsCap: 12 }),
      expect.objectContaining({ parameter: 'geomean', metric: 'cpu time', pairsCap: 12 }),
    ]);
    expect(fake.comments).toHaveLength(1);
    expect(fake.comments[0]!.body).toContain(headline);

    const second = await runActionInProcess(inputs(writePairs(join(root, 'look2'), 12)), { env });
    expect(second.status).toBe(1);
    expect(second.outputs).toMatchObject({ verdict: 'fail', inconclusive: 'false', 'pairs-needed': '' });
    expect(second.summary).toContain('Sequential A/B: look 2 at 12 of at most 12 pairs');
    expect(second.summary).toMatch(/### ❌ \d+ slower \([^()]+\) · .*against the baseline \(A\/B, 12 pairs\)/);
    expect(fake.problems).toEqual([]);
    expect(fake.comments).toHaveLength(1);
    expect(fake.comments[0]!.body).not.toContain('Inconclusive');
    expect(fake.comments[0]!.body).toContain('❌');
  }, 120_000);
});
