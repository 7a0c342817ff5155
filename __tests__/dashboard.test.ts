/**
 * perfgate dashboard: the site model (statuses, change points, noise band, requirement lines), the
 * pages (escaping, safe file names, one data block a page), determinism and the site's size.
 * Histories are written by perfgate's own record writer from the example fixtures
 * (helpers/dashboard-history.ts), with stated run factors.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from 'vega-lite';
import { loadSummaries } from '../src/pipeline/read.js';
import { dashboardOfRecords, dashboardPages } from '../src/pipeline/dashboard.js';
import { readMetricRequirements } from '../src/pipeline/resultSets.js';
import { makeHistoryRecord, type HistoryRecord } from '../src/engine/history/record.js';
import { commitUrlOf, type DashboardModel } from '../src/engine/dashboard/model.js';
import { renderIndexHtml } from '../src/engine/dashboard/html.js';
import { experimentCharts, runRows, seriesRows, trendSpec, withRuns } from '../src/engine/dashboard/specs.js';
import { decodeSeries } from '../src/engine/dashboard/compactSeries.js';
import { mulberry32 } from '../src/engine/stats/shift.js';
import type { Measurement } from '../src/engine/model/measurement.js';
import { dashboardHistory, RUN_FACTORS, shaOf, STEP_RUN } from './helpers/dashboard-history.js';
import { cli, read, repoRoot, tempDir, cwdFiles } from './helpers/shared.js';
import { volume } from './helpers/volume.js';

const example = join(repoRoot, 'fixtures', 'example');
const requirements = readMetricRequirements(cwdFiles, join(example, 'requirements.csv'), 'precise');

/** The hostile strings of hostile-names.test.ts and report-html.test.ts. */
export const HOSTILE =
  '=HYPERLINK("http://evil.example") @octocat [click](http://evil.example) <img src=x onerror=alert(1)> | # h1 ../../x ::set-output name=verdict::pass';
export const HOSTILE_SCRIPT = '</script><script>alert(1)</script><!-- \u2028\u2029 & "q" \'s\'';

/** Sample standard deviation (n − 1) of the logs, written out here rather than taken from the code under test. */
function sdOfLogs(values: readonly number[]): number {
  const logs = values.map(Math.log);
  const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
  return Math.sqrt(logs.reduce((a, b) => a + (b - mean) ** 2, 0) / (logs.length - 1));
}

describe('the dashboard model of 12 runs with a regression from run 7', () => {
  const model = dashboardOfRecords(dashboardHistory(), { requirements });
  const experiment = (name: string) => model.experiments.find((e) => e.name === name)!;
  const series = (name: string, parameter: string) => experiment(name).series.find((s) => s.parameter === parameter)!;

  test('runs are labelled by date and short commit and link to their run and commit', () => {
    expect(model.runs).toHaveLength(12);
    expect(model.runs[0]).toEqual({
      sha: shaOf(0),
      date: '2026-01-01T10:00:00.000Z',
      runId: '1000',
      runUrl: 'https://github.com/perfgate/example/actions/runs/1000',
      label: '2026-01-01 0101010',
      commitUrl: `https://github.com/perfgate/example/commit/${shaOf(0)}`,
    });
  });

  test('statuses: the regressed experiment fails its requirements in the newest run, the other passes', () => {
    expect(model.experiments.map((e) => [e.name, e.status, e.check, e.stem])).toEqual([
      ['interprocess_best_effort', 'passed', 'passed', 'interprocess_best_effort'],
      ['intraprocess_best_effort', 'failed', 'failed', 'intraprocess_best_effort'],
    ]);
    expect(experiment('interprocess_best_effort').failedChecks).toBe(0);
    expect(experiment('intraprocess_best_effort').failedChecks).toBeGreaterThanOrEqual(3);
    // The step is in the middle of the window, so it is not new.
    expect(model.newRegressions).toBe(0);
    expect(experiment('intraprocess_best_effort').regressions).toBe(3);
  });

  test('the index lists the experiments that need attention first, then the others by name', () => {
    const links = [...renderIndexHtml(model).matchAll(/<tr><td><a href="experiments\/([^"#]+)\.html">/g)];
    expect(links.map((m) => m[1])).toEqual(['intraprocess_best_effort', 'interprocess_best_effort']);
  });

  test('change points: the three regressed medians step between runs 6 and 7, nothing else does', () => {
    const stepped = model.experiments.flatMap((e) =>
      e.series.filter((s) => s.steps.length > 0).map((s) => `${e.name} ${s.parameter}`),
    );
    expect(stepped).toEqual([
      'intraprocess_best_effort 4096',
      'intraprocess_best_effort 8192',
      'intraprocess_best_effort 16384',
    ]);
    for (const parameter of ['4096', '8192', '16384']) {
      const [step] = series('intraprocess_best_effort', parameter).steps;
      expect(step).toMatchObject({
        kind: 'regression',
        lastRunBefore: STEP_RUN - 1,
        firstRun: STEP_RUN,
        runsBefore: 6,
        runsAfter: 6,
        isNew: false,
      });
    }
  });

  test('the noise band is compare --history’s: geometric mean ± t(0.995, n − 1) · sd(log) · √(1 + 1/n) of the runs since the step', () => {
    // The regressed 4096 B median, unscaled, from the fixture; each run multiplies it by its factor.
    const base = loadSummaries(cwdFiles, [join(example, 'results-regression')], 'precise')
      .find((s) => s.experimentType === 'intraprocess_best_effort')!
      .payloads.find((p) => p.payloadBytes === 4096)!.median;
    const factors = RUN_FACTORS.slice(STEP_RUN);
    const values = factors.map((f) => base * f);
    const n = values.length;
    const centre = Math.exp(values.map(Math.log).reduce((a, b) => a + b, 0) / n);
    // Student t quantile 0.995 with 5 degrees of freedom (tables: 4.032142734).
    const half = 4.032142734 * sdOfLogs(values) * Math.sqrt(1 + 1 / n);
    const band = series('intraprocess_best_effort', '4096').band!;
    expect(band.fromRun).toBe(STEP_RUN);
    expect(band.toRun).toBe(11);
    expect(band.runs).toBe(6);
    expect(band.confidence).toBe(0.995);
    expect(band.centre).toBeCloseTo(centre, 9);
    expect(band.lower).toBeCloseTo(centre * Math.exp(-half), 6);
    expect(band.upper).toBeCloseTo(centre * Math.exp(half), 6);
    // A series without a step: the band covers every run.
    expect(series('interprocess_best_effort', '16').band).toMatchObject({ fromRun: 0, toRun: 11, runs: 12 });
    const quiet = factors.length;
    expect(quiet).toBe(6);
  });

  test('requirement lines: the limit of the requirements file and the newest run’s verdict', () => {
    // requirements.csv: intraprocess_best_effort,4096,1.117,1.289,6.877 and …,16,0.587,…
    expect(series('intraprocess_best_effort', '4096').requirement).toEqual({
      limit: 1.117,
      direction: 'lower-is-better',
      status: 'failed',
    });
    expect(series('intraprocess_best_effort', '16').requirement).toEqual({
      limit: 0.587,
      direction: 'lower-is-better',
      status: 'passed',
    });
    expect(dashboardOfRecords(dashboardHistory()).experiments.map((e) => [e.status, e.series[0]!.requirement])).toEqual(
      [
        ['unchecked', undefined],
        ['unchecked', undefined],
      ],
    );
  });

  test('drawn values, limits and axis labels read 392, not 392.000000000003', () => {
    const s = series('intraprocess_best_effort', '4096');
    // A limit converted from 0.392 ms and a value with a binary tail.
    const odd = {
      ...s,
      values: s.values.map((v, i) => (i === 0 ? 392.000000000003 : v)),
      requirement: { ...s.requirement!, limit: 392.000000000003 },
    };
    const spec = trendSpec(odd, model.runs);
    const text = JSON.stringify(spec);
    expect(text).not.toContain('392.000000000003');
    // The first run's value as its series' code (compactSeries.ts) gives it back.
    expect(seriesRows((spec['datasets'] as { series: string }).series)[0]).toEqual({ r: 0, y: 392 });
    expect(text).toContain('"requirement 392"');
    expect(text).toContain('"datum":392,');
    expect(text).toContain('"axis":{"format":"~r"}');
  });

  test('the payload view draws the oldest run, either side of the step and the newest', () => {
    const views = experiment('intraprocess_best_effort').payloadViews;
    expect(views.map((v) => [v.metric, v.statistic, v.unit])).toEqual([['latency', 'median', 'µs']]);
    expect(views[0]!.lines.map((l) => [l.run, l.role, l.points.length])).toEqual([
      [0, 'oldest', 11],
      [5, 'before step', 11],
      [6, 'after step', 11],
      [11, 'newest', 11],
    ]);
    expect(experiment('interprocess_best_effort').payloadViews[0]!.lines.map((l) => l.role)).toEqual([
      'oldest',
      'newest',
    ]);
  });

  test('every spec compiles with vega-lite once the page’s run table is added', () => {
    const rows = runRows(model.runs);
    for (const e of model.experiments) {
      for (const chart of experimentCharts(e, model)) {
        expect(() => compile(withRuns(chart.spec, rows) as never)).not.toThrow();
      }
    }
    // One trend chart per parameter × metric × statistic (11 payloads and their weighted geomean), then the payload
    // view.
    expect(experimentCharts(experiment('intraprocess_best_effort'), model)).toHaveLength(13);
  });
});

test('a step that appears with the newest runs is a new regression: the status without requirements', () => {
  const model = dashboardOfRecords(dashboardHistory(undefined, 9));
  const intra = model.experiments.find((e) => e.name === 'intraprocess_best_effort')!;
  expect(intra.status).toBe('regression');
  expect(intra.newRegressions).toBe(3);
  expect(model.newRegressions).toBe(3);
  expect(model.experiments.find((e) => e.name === 'interprocess_best_effort')!.status).toBe('unchecked');
});

describe('what moved: each series’ latest change against the noise of the level before it', () => {
  const median4096 = (folder: string) =>
    loadSummaries(cwdFiles, [join(example, folder)], 'precise')
      .find((s) => s.experimentType === 'intraprocess_best_effort')!
      .payloads.find((p) => p.payloadBytes === 4096)!.median;
  const series4096 = (model: DashboardModel) =>
    model.experiments.find((e) => e.name === 'intraprocess_best_effort')!.series.find((s) => s.parameter === '4096')!;

  test('a step that appeared with the newest run, against the band of the 9 runs before it', () => {
    const model = dashboardOfRecords(dashboardHistory(undefined, 9));
    const s = series4096(model);
    const before = RUN_FACTORS.slice(0, 9).map((f) => median4096('results') * f);
    // Student t quantile 0.995 with 8 degrees of freedom (tables: 3.355387331).
    const half = 3.355387331 * sdOfLogs(before) * Math.sqrt(1 + 1 / 9);
    const step = s.steps[0]!;
    expect(step.isNew).toBe(true);
    expect(s.move).toMatchObject({ kind: 'step', run: 9, change: step.change, worse: true });
    expect(s.move!.noise).toBeCloseTo(Math.expm1(half), 9);
    expect(s.move!.score).toBeCloseTo(Math.log(1 + step.change) / half, 6);
    // The three stepped medians lead the list; every series is in it once.
    const ranked = model.ranked.map(({ experiment, series }) => {
      const e = model.experiments[experiment]!;
      return `${e.name} ${e.series[series]!.parameter}`;
    });
    expect(ranked.slice(0, 3).sort()).toEqual([
      'intraprocess_best_effort 16384',
      'intraprocess_best_effort 4096',
      'intraprocess_best_effort 8192',
    ]);
    expect(new Set(ranked).size).toBe(model.experiments.reduce((n, e) => n + e.series.length, 0));
    expect(ranked).toHaveLength(new Set(ranked).size);
    const scores = model.ranked.map(({ experiment, series }) => model.experiments[experiment]!.series[series]!.move);
    for (let i = 1; i < scores.length; i++)
      expect(scores[i]?.score ?? -1).toBeLessThanOrEqual(scores[i - 1]?.score ?? -1);
  });

  test('no new change: the newest run against the level since the last step, the newest run left out', () => {
    const model = dashboardOfRecords(dashboardHistory());
    const s = series4096(model);
    const level = RUN_FACTORS.slice(STEP_RUN, 11).map((f) => median4096('results-regression') * f);
    const newest = median4096('results-regression') * RUN_FACTORS[11];
    const centre = Math.exp(level.map(Math.log).reduce((a, b) => a + b, 0) / level.length);
    // Student t quantile 0.995 with 4 degrees of freedom (tables: 4.604094871).
    const half = 4.604094871 * sdOfLogs(level) * Math.sqrt(1 + 1 / 5);
    expect(s.move).toMatchObject({ kind: 'newest', run: 11 });
    expect(s.move!.change).toBeCloseTo(newest / centre - 1, 9);
    expect(s.move!.noise).toBeCloseTo(Math.expm1(half), 9);
    expect(s.move!.score).toBeCloseTo(Math.abs(Math.log(newest / centre)) / half, 6);
    expect(s.move!.worse).toBe(newest > centre);
  });

  test('too few runs for a band: no move, and the series comes last', () => {
    const model = dashboardOfRecords(dashboardHistory().slice(0, 3));
    for (const e of model.experiments) for (const s of e.series) expect(s.move).toBeUndefined();
    expect(model.ranked).toHaveLength(model.experiments.reduce((n, e) => n + e.series.length, 0));
  });
});

describe('links', () => {
  test('a commit page only for a GitHub Actions run URL and a hex SHA', () => {
    expect(commitUrlOf('https://github.com/o/r/actions/runs/12', 'abcdef1')).toBe(
      'https://github.com/o/r/commit/abcdef1',
    );
    expect(commitUrlOf('https://ghe.example/o/r/actions/runs/12', 'abcdef1')).toBe(
      'https://ghe.example/o/r/commit/abcdef1',
    );
    expect(commitUrlOf('', 'abcdef1')).toBeUndefined();
    expect(commitUrlOf('https://github.com/o/r/actions/runs/12', 'unknown')).toBeUndefined();
  });

  test('a run URL that is not http(s) never reaches a page', () => {
    const records = dashboardHistory().map((r) => ({ ...r, runUrl: 'javascript:alert(1)' }));
    const model = dashboardOfRecords(records);
    expect(model.runs.every((r) => r.runUrl === '' && r.commitUrl === undefined)).toBe(true);
    for (const page of dashboardPages(model)) expect(page.content).not.toContain('javascript:');
  });
});

describe('pages', () => {
  const hostile = (name: string) => `${name.startsWith('inter') ? HOSTILE : HOSTILE_SCRIPT} ${name}`;
  const model = dashboardOfRecords(dashboardHistory(hostile), {
    requirements: requirements.map((r) => ({ ...r, experiment: hostile(r.experiment) })),
  });
  const pages = dashboardPages(model);

  test('hostile experiment names get safe, distinct page names', () => {
    expect(pages.map((p) => p.path)).toEqual([
      'index.html',
      // Sorted by name: `<` before `=`.
      'experiments/script_script_alert_1_script_--_q_s_intraprocess_best_effort.html',
      'experiments/HYPERLINK_http_evil.example_octocat_click_http_evil.example_img_src_x_onerror_alert_1_h1_._._x_set-o.html',
      'data/pages.js',
      'data/sparklines-0.js',
      'assets/dashboard.css',
      'assets/experiment-page.js',
    ]);
    for (const page of pages)
      expect(page.path).toMatch(
        /^((index|experiments\/[A-Za-z0-9][A-Za-z0-9._-]*)\.html|data\/(sparklines-\d+|pages)\.js|assets\/[a-z-]+\.(js|css))$/,
      );
  });

  test('hostile names are text: no markup, no extra script element, and the data block reads back verbatim', () => {
    const html = pages.filter((p) => p.path.endsWith('.html'));
    // The sparkline chunk: numbers only, per experiment a line per parameter (11 payloads and the weighted geomean)
    // over the 12 runs.
    const chunk = pages.find((p) => p.path === 'data/sparklines-0.js')!.content;
    expect(chunk).not.toMatch(/[<>&]/);
    // One call of the index's callback with the chunk's number and its data, which is JSON: each line the code of its
    // runs and values (compactSeries.ts).
    const call = /^perfgateSparklines\(0, (.*)\);\n$/s.exec(chunk);
    expect(call).not.toBeNull();
    const sparklines = JSON.parse(call![1]!) as { log: boolean; lines: string[] }[];
    expect(sparklines).toHaveLength(2);
    for (const { log, lines } of sparklines) {
      expect(log).toBe(false);
      expect(lines).toHaveLength(12);
      for (const line of lines) expect(decodeSeries(line).r).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    }
    // The run table and the parts both pages share, once for the site: a script setting one variable, its text (from
    // the records) without markup.
    const siteFile = pages.find((p) => p.path === 'data/pages.js')!.content;
    expect(siteFile).not.toMatch(/[<>&]/);
    const site = JSON.parse(/^var perfgatePages = (.*);\n$/s.exec(siteFile)![1]!) as {
      runs: { label: string }[];
      parts: unknown[];
    };
    expect(site.runs.map((r) => r.label)).toHaveLength(12);
    expect(site.parts.length).toBeGreaterThan(0);
    for (const page of html) {
      expect(page.content).not.toContain('<img');
      expect(page.content).not.toContain('<!--');
      // Three vendored libraries and the run table (not on the index: its sparklines are plain SVG), the data block and
      // the script.
      const scripts = page.path === 'index.html' ? 2 : 6;
      expect(page.content.match(/<script/gi)).toHaveLength(scripts);
      expect(page.content.match(/<\/script/gi)).toHaveLength(scripts);
      expect(page.content.match(/type="application\/json"/g)).toHaveLength(1);
    }
    const index = pages[0]!.content;
    // The index's data block reads the names back verbatim.
    const indexBlock = /<script type="application\/json" id="perfgate-dashboard">(.*?)<\/script>/s.exec(index)![1]!;
    expect((JSON.parse(indexBlock) as { experiments: string[][] }).experiments.map((e) => e[0])).toEqual([
      `${HOSTILE_SCRIPT} intraprocess_best_effort`,
      `${HOSTILE} interprocess_best_effort`,
    ]);
    expect(index).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(index).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- \u2028'.replace('\u2028', ''));
    const block = /<script type="application\/json" id="perfgate-dashboard">(.*?)<\/script>/s.exec(
      pages[1]!.content,
    )![1]!;
    const data = JSON.parse(block) as { charts: { title: { text: string }; description: string }[] };
    expect(data.charts[0]!.title.text).toBe('latency median · 16');
    expect(data.charts[data.charts.length - 1]!.description).toBe(
      `${HOSTILE_SCRIPT} intraprocess_best_effort per payload: selected runs`,
    );
    expect(pages[1]!.content).toContain(
      `<h1>${HOSTILE_SCRIPT.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')} intraprocess_best_effort</h1>`,
    );
  });

  test('the same history gives the same bytes', () => {
    const again = dashboardPages(
      dashboardOfRecords(dashboardHistory(hostile).reverse().reverse(), {
        requirements: requirements.map((r) => ({ ...r, experiment: hostile(r.experiment) })),
      }),
    );
    expect(again).toEqual(pages);
  });
});

/** `runs` runs of 2 experiments × 50 payloads of a latency median with seeded noise: 100 rows a run. */
function syntheticHistory(runs: number): HistoryRecord[] {
  const random = mulberry32(7);
  const records: HistoryRecord[] = [];
  for (let i = 0; i < runs; i++) {
    const experiments = ['udp', 'shm'].map((experiment) => ({
      experiment,
      format: 'fastdds-summary',
      measurements: Array.from({ length: 50 }, (_, k): Measurement => ({
        experiment,
        parameter: { label: String(16 * (k + 1)), payloadBytes: 16 * (k + 1) },
        metric: { name: 'latency', dimension: 'time', unit: 'us', displayUnit: 'us', direction: 'lower-is-better' },
        statistics: { median: (10 + k) * Math.exp(0.05 * (random() - 0.5)) },
        place: { file: 'synthetic' },
      })),
    }));
    const date = new Date(Date.UTC(2026, 0, 1) + i * 3600_000).toISOString();
    records.push(
      makeHistoryRecord(experiments, {
        sha: (i + 1).toString(16).padStart(7, '0'),
        date,
        runId: i + 1,
        runUrl: `https://github.com/o/r/actions/runs/${i + 1}`,
      }),
    );
  }
  return records;
}

describe('size', () => {
  const siteBytes = (model: DashboardModel) =>
    dashboardPages(model).reduce((n, p) => n + Buffer.byteLength(p.content), 0);

  // 100 and 1000 runs under `npm run test:full`; a tenth of that under `npm test` (the change-point
  // analysis of 100 series of 1000 runs takes most of a minute).
  const [fewRuns, manyRuns] = volume([30, 300], [100, 1000]);
  test(`the site grows linearly with the runs: ${manyRuns} runs × 100 rows is at most 12 × ${fewRuns} runs`, () => {
    const small = dashboardOfRecords(syntheticHistory(fewRuns));
    const large = dashboardOfRecords(syntheticHistory(manyRuns));
    const smallBytes = siteBytes(small);
    const largeBytes = siteBytes(large);
    const rows = manyRuns * 100;
    process.stderr.write(
      `perfgate tests: dashboard site ${smallBytes} bytes for ${fewRuns} runs, ${largeBytes} for ${manyRuns} runs (${(largeBytes / rows).toFixed(1)} bytes a value)\n`,
    );
    expect(largeBytes / smallBytes).toBeLessThanOrEqual(12);
    // Compact: a value costs a few dozen bytes in the site (two pages of run tables, 100 series).
    expect(largeBytes / rows).toBeLessThan(60);
    // One page per experiment and the index; one data block each.
    const pages = dashboardPages(large).filter((p) => p.path.endsWith('.html'));
    expect(pages).toHaveLength(3);
    for (const p of pages) expect(p.content.match(/application\/json/g)).toHaveLength(1);
    // The change-point analysis of 100 series of 1000 runs dominates: allow for a loaded machine.
  }, 240000);
});

describe('perfgate dashboard (CLI)', () => {
  test('--help names the command, its output and its options', async () => {
    const run = await cli(['dashboard', '--help']);
    expect(run.code).toBe(0);
    expect(run.out).toContain('perfgate dashboard <history-folder> --output <site-folder>');
    const main = await cli(['--help']);
    expect(main.out).toContain('perfgate dashboard <history-folder>');
  });

  test('usage errors: no history folder, no --output, a missing folder', async () => {
    expect((await cli(['dashboard', '--output', tempDir()])).err).toMatch(/dashboard: name one history folder/);
    expect((await cli(['dashboard', tempDir()])).err).toMatch(/--output is required/);
    const missing = await cli(['dashboard', join(tempDir(), 'nope'), '--output', tempDir()]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/cannot find the history folder/);
  });

  test('writes index.html, a page per experiment and the vendored libraries', async () => {
    const { writeHistory } = await import('./helpers/dashboard-site.js');
    const history = writeHistory(dashboardHistory());
    const out = join(tempDir(), 'site');
    const run = await cli(['dashboard', history, '--output', out, '--requirements', join(example, 'requirements.csv')]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain('dashboard: 12 run(s), 2 experiment(s), 1 need attention; 10 files');
    expect(readdirSync(out).sort()).toEqual(['assets', 'data', 'experiments', 'index.html']);
    expect(readdirSync(join(out, 'data')).sort()).toEqual(['pages.js', 'sparklines-0.js']);
    expect(readdirSync(join(out, 'assets')).sort()).toEqual([
      'dashboard.css',
      'experiment-page.js',
      'vega-embed.min.js',
      'vega-lite.min.js',
      'vega.min.js',
    ]);
    expect(existsSync(join(out, 'experiments', 'intraprocess_best_effort.html'))).toBe(true);
    expect(read(join(out, 'index.html'))).not.toContain('<script src=');
    expect(read(join(out, 'experiments', 'intraprocess_best_effort.html'))).toContain(
      '<script src="../assets/vega.min.js"></script>',
    );
  });
});
