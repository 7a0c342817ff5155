/**
 * A page's chart specs with their shared parts stored once (src/engine/dashboard/sharedParts.ts): the page script's
 * `whole` gives back every spec as it was, the shared page is smaller, and the same specs give the same bytes. The
 * parts two pages of a site share are the site's (SiteParts), which the page script's `siteParts` puts back.
 */
import { describe, expect, test } from '@jest/globals';
import {
  shareParts,
  SHARED_KEY,
  SITE_KEY,
  SITE_PARTS_SCRIPT,
  SiteParts,
  WHOLE_SPEC_SCRIPT,
} from '../src/engine/dashboard/sharedParts.js';
import { experimentCharts } from '../src/engine/dashboard/specs.js';
import { buildDashboard } from '../src/engine/dashboard/model.js';
import { trendRunOfRecord } from '../src/engine/trends/records.js';
import type { HistoryRecord } from '../src/engine/history/record.js';

/** The page script's resolver, run as the browser runs it. */
function wholeOf(shared: unknown[]): (spec: unknown) => unknown {
  return new Function('shared', `${WHOLE_SPEC_SCRIPT}; return whole;`)(shared) as (spec: unknown) => unknown;
}

function record(n: number): HistoryRecord {
  return {
    format: 'perfgate-history',
    version: 3,
    sha: (0xbee0000 + n).toString(16),
    date: new Date(Date.UTC(2026, 2, 1) + n * 86_400_000).toISOString(),
    runId: String(900 + n),
    runUrl: `https://github.com/octo/bench/actions/runs/${900 + n}`,
    measurements: ['8', '64', '512'].map((parameter, k) => ({
      experiment: 'BM_Sort',
      format: 'google-benchmark',
      parameter,
      payloadBytes: Number(parameter),
      metric: 'real time',
      dimension: 'time' as const,
      unit: 'ns',
      displayUnit: 'ns',
      direction: 'lower-is-better' as const,
      statistics: { samples: 5, median: (k + 1) * 100 * (n >= 14 ? 1.25 : 1) + (n % 3) },
    })),
  };
}

describe('shared parts of a page', () => {
  test('hand-made specs: a part held twice is stored once and put back whole', () => {
    const axis = { field: 'r', type: 'quantitative', title: 'Run (date, commit)', axis: { labelAngle: -45 } };
    const specs = [
      { title: 'a', layer: [{ encoding: { x: axis } }, { encoding: { x: axis } }] },
      { title: 'b', layer: [{ encoding: { x: axis } }], note: { short: 1 } },
    ];
    const { shared, charts } = shareParts(specs);
    expect(shared).toEqual([{ encoding: { x: axis } }]);
    expect(charts[1]).toEqual({ title: 'b', layer: [{ [SHARED_KEY]: 0 }], note: { short: 1 } });
    expect(charts.map(wholeOf(shared))).toEqual(specs);
  });

  test("an experiment page's trend charts: the same specs back, in fewer bytes, the same bytes twice", () => {
    const model = buildDashboard(Array.from({ length: 24 }, (_, n) => trendRunOfRecord(record(n))));
    const specs = experimentCharts(model.experiments[0]!, model).map((c) => c.spec);
    expect(specs.length).toBeGreaterThanOrEqual(4);
    const page = shareParts(specs);
    const whole = wholeOf(page.shared);
    expect(page.charts.map(whole)).toEqual(JSON.parse(JSON.stringify(specs)));
    expect(JSON.stringify(page).length).toBeLessThan(0.6 * JSON.stringify(specs).length);
    expect(JSON.stringify(shareParts(specs))).toBe(JSON.stringify(page));
    // Drawn specs share no object: vega may change what it is given.
    const [a, b] = [whole(page.charts[1]), whole(page.charts[2])] as { config: object }[];
    expect(a!.config).not.toBe(b!.config);
  });
});

test('parts are told equal as JSON.stringify writes them: a field left undefined, NaN as null, one object met twice', () => {
  const axis = { title: 'median time', grid: true, labelAngle: 0, format: '~s', dropped: undefined };
  const spec = (n: number) => ({ encoding: { x: { axis }, y: { axis: { ...axis, dropped: () => 1 } } }, value: n });
  const nan = { values: [NaN, null, 'a long enough list to be shared between the specs'] };
  const { shared, charts } = shareParts([
    { ...spec(1), data: nan },
    { ...spec(2), data: { ...nan } },
  ]);
  // The encodings (written the same with the axis's undefined field, a function, or neither) and the data are each
  // stored once; a shared part is stored whole, its inner parts with it.
  expect(shared.map((p) => JSON.stringify(p)).sort()).toEqual(
    [JSON.stringify(nan), JSON.stringify({ x: { axis }, y: { axis } })].sort(),
  );
  const whole = wholeOf(shared);
  expect(charts.map((c) => JSON.stringify(whole(c)))).toEqual(
    [1, 2].map((n) => JSON.stringify({ ...spec(n), data: nan })),
  );
});

test("a site's pages: a part an earlier page held is the site's, the first page keeps its own", () => {
  const axis = { title: 'Run (date, commit)', labelAngle: -45, labelOverlap: true };
  const config = { font: 'DejaVu Sans', background: 'white' };
  const own = { title: 'only on page 2', labelAngle: 0 };
  const site = new SiteParts();
  const first = site.of([axis, config]);
  const second = site.of([config, own, axis]);
  const third = site.of([axis, own]);
  // The first page keeps both; the second holds them again, so they become the site's 0 and 1, in the order met.
  expect(first).toEqual([axis, config]);
  expect(second).toEqual([{ [SITE_KEY]: 0 }, own, { [SITE_KEY]: 1 }]);
  expect(third).toEqual([{ [SITE_KEY]: 1 }, { [SITE_KEY]: 2 }]);
  expect(site.parts).toEqual([config, axis, own]);
  // The page script's siteParts gives each page its parts back.
  const siteParts = new Function(`${SITE_PARTS_SCRIPT}; return siteParts;`)() as (
    s: unknown[],
    p: unknown[],
  ) => unknown[];
  expect(siteParts(second, site.parts)).toEqual([config, own, axis]);
  expect(siteParts(third, site.parts)).toEqual([axis, own]);
  expect(siteParts(first, site.parts)).toEqual([axis, config]);
});
