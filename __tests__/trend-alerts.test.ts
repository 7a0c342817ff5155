import { ALERT_MARKER_PREFIX, recoveredBody, trendAlerts } from '../src/engine/trends/alerts.js';
import type { TrendReport, TrendSeries, TrendStep } from '../src/engine/trends/trends.js';

// Which regression steps are current, and what their issue says: engine/trends/alerts.ts.
const runs = Array.from({ length: 12 }, (_, i) => ({
  sha: String(i + 1).padStart(40, 'e'),
  date: `2026-10-${String(i + 1).padStart(2, '0')}T12:00:00Z`,
  runId: String(100 + i),
  runUrl: `https://github.example/octo/bench/actions/runs/${100 + i}`,
}));

function step(kind: TrendStep['kind'], firstRun: number, before: number, after: number): TrendStep {
  return {
    kind,
    firstRun,
    lastRunBefore: firstRun - 1,
    before,
    after,
    change: after / before - 1,
    pValue: 0.00002,
    runsBefore: firstRun,
    runsAfter: 12 - firstRun,
    isNew: false,
  };
}

function series(
  steps: TrendStep[],
  extra: Partial<Pick<TrendSeries, 'experiment' | 'parameter' | 'metric' | 'unit' | 'direction'>> = {},
): TrendSeries {
  return {
    experiment: 'udp',
    parameter: '64',
    metric: 'latency',
    statistic: 'median',
    unit: 'µs',
    direction: 'lower-is-better',
    values: 12,
    latest: 0,
    byRun: [],
    repetitions: [],
    steps,
    outliers: [],
    ...extra,
  };
}

function report(...list: TrendSeries[]): TrendReport {
  return { runs, settings: { maxPValue: 0.001, minMagnitude: 0.1, minSegment: 3 }, series: list, newRegressions: 0 };
}

test('a regression step is current until the level is back within the smallest change', () => {
  // 50 → 70 µs at run 5: current.
  const open = trendAlerts(report(series([step('regression', 4, 50, 70)])), 'https://github.example', 'octo/bench');
  expect(open).toHaveLength(1);
  expect(open[0]!.title).toBe('perfgate: udp 64 latency median regressed +40.0 % since eeeeeee');
  expect(open[0]!.body).toContain('went from 50 µs to 70 µs (+40.0 %)');
  expect(open[0]!.body).toContain(`/octo/bench/compare/${runs[3]!.sha}...${runs[4]!.sha}`);
  // Back to 54 µs (within 10 % of 50): over. Only to 60 µs (20 % worse): still current.
  expect(
    trendAlerts(
      report(series([step('regression', 4, 50, 70), step('improvement', 8, 70, 54)])),
      'https://github.example',
      'octo/bench',
    ),
  ).toEqual([]);
  expect(
    trendAlerts(
      report(series([step('regression', 4, 50, 70), step('improvement', 8, 70, 60)])),
      'https://github.example',
      'octo/bench',
    ),
  ).toHaveLength(1);
  // A throughput drop is a regression of a floor: current while the rate stays low.
  const floor = series([step('regression', 4, 1000, 700)], {
    metric: 'throughput',
    unit: 'Mb/s',
    direction: 'higher-is-better',
  });
  expect(trendAlerts(report(floor), 'https://github.example', 'octo/bench')).toHaveLength(1);
  expect(
    trendAlerts(
      report({ ...floor, steps: [...floor.steps, step('improvement', 8, 700, 950)] }),
      'https://github.example',
      'octo/bench',
    ),
  ).toEqual([]);
});

test('the marker is a hash of the step: stable, and names from result files never reach it', () => {
  const hostile = series([step('regression', 4, 50, 70)], {
    experiment: 'x --> <script>alert(1)</script>\n# heading',
    parameter: '[link](javascript:alert(1))',
  });
  const [a] = trendAlerts(report(hostile), 'https://github.example', 'octo/bench');
  const [b] = trendAlerts(report(hostile), 'https://github.example', 'octo/bench');
  expect(a!.marker).toBe(b!.marker);
  expect(a!.marker).toMatch(new RegExp(`^${ALERT_MARKER_PREFIX}[0-9a-f]{16} -->$`));
  // Title: plain text on one line. Body: the names escaped, never live Markdown or HTML.
  expect(a!.title).not.toMatch(/[\n\r]/);
  expect(a!.body).not.toContain('<script>');
  expect(a!.body).not.toContain('](javascript:');
  // Another parameter or another start commit is another alert.
  const [c] = trendAlerts(report(series([step('regression', 5, 50, 70)])), 'https://github.example', 'octo/bench');
  const [d] = trendAlerts(report(series([step('regression', 4, 50, 70)])), 'https://github.example', 'octo/bench');
  expect(new Set([a!.marker, c!.marker, d!.marker]).size).toBe(3);
});

test('the title is plain text GitHub cannot turn into a reference, mention or link', () => {
  const hostile = series([step('regression', 4, 50, 70)], {
    experiment: 'fixes #12 @octocat',
    parameter: 'www.evil.example/x\u202e',
  });
  const [a] = trendAlerts(report(hostile), 'https://github.example', 'octo/bench');
  expect(a!.title).toBe(
    'perfgate: fixes #\u206012 @\u2060octocat www\u2060.evil.example/x\\u202e latency median regressed +40.0 % since eeeeeee',
  );
  expect(a!.body).toContain(
    '| fixes \\#\u206012 @\u2060octocat | www\u2060.evil.example/x\\\\u202e | latency | median |',
  );
});

test('a closed alert says why once, at the newest run', () => {
  const body = 'the alert';
  const closed = recoveredBody(body, report(), 'https://github.example', 'octo/bench');
  expect(closed).toBe(
    `the alert\n\n**Closed by perfgate at [eeeeeee](https://github.example/octo/bench/commit/${runs[11]!.sha}):** the level is back within 10 % of where it was before this step, or the step has left the recorded window.`,
  );
  expect(recoveredBody(closed, report(), 'https://github.example', 'octo/bench')).toBe(closed);
});
