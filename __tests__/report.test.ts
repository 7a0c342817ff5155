import { checkSummary } from '../src/engine/check/metricCheck.js';
import { parseRequirementsCsv } from '../src/engine/formats/requirementsCsv.js';
import { parseSummaryCsv } from '../src/engine/formats/fastdds/summary.js';
import { renderJson } from '../src/engine/report/check/json.js';
import { FOLD_ROWS_ABOVE, renderMarkdown } from '../src/engine/report/check/markdown.js';
import { buildCheckReport } from '../src/engine/report/check/model.js';
import { escapeMarkdown } from '../src/engine/report/escape.js';

const header = 'Bytes,Samples,Max,Min,Mean,Median,Stdev,Mean jitter,Max jitter,90%,99%,99.99%\n';

/** A sub-experiment with `payloads` rows whose Median is over the limit where `failing` says. */
function report(payloads: number, failing: (i: number) => boolean) {
  let summary = header;
  let reqs = 'Experiment type,Bytes,Median,99%,Max\n';
  for (let i = 0; i < payloads; i++) {
    const bytes = 16 << (i % 20);
    const p = bytes + Math.floor(i / 20);
    summary += `${p},10,9,1,2,${failing(i) ? 5.5 : 4.5},1,1,1,1,6,1\n`;
    reqs += `lat,${p},5,7,10\n`;
  }
  const requirements = parseRequirementsCsv('req.csv', reqs, 'precise');
  const sub = checkSummary(parseSummaryCsv('measurements_lat_summary.csv', summary, 'precise'), requirements);
  return buildCheckReport([sub], requirements);
}

describe('Markdown report', () => {
  test('headline, then failing rows first with result, requirement, % over and a mark per magnitude', () => {
    const md = renderMarkdown(report(3, (i) => i === 2));
    const lines = md.split('\n');
    expect(lines[0]).toBe('### ❌ perfgate: 8 of 9 checks passed, 1 of 1 sub-experiment failed');
    const rows = lines.filter((l) => l.startsWith('| lat'));
    expect(rows).toEqual([
      '| lat | 64 | 5.500 | 5.000 | +10.000 % | ❌ | 6.000 | 7.000 | -14.286 % | ✅ | 9.000 | 10.000 | -10.000 % | ✅ |',
      '| lat | 16 | 4.500 | 5.000 | -10.000 % | ✅ | 6.000 | 7.000 | -14.286 % | ✅ | 9.000 | 10.000 | -10.000 % | ✅ |',
      '| lat | 32 | 4.500 | 5.000 | -10.000 % | ✅ | 6.000 | 7.000 | -14.286 % | ✅ | 9.000 | 10.000 | -10.000 % | ✅ |',
    ]);
    expect(md).not.toContain('<details>');
  });

  test(`more than ${FOLD_ROWS_ABOVE} rows: passing rows fold into <details>, failing rows stay visible`, () => {
    const md = renderMarkdown(report(30, (i) => i % 10 === 0));
    const [visible, folded] = md.split('<details>');
    expect(visible!.split('\n').filter((l) => l.startsWith('| lat'))).toHaveLength(3);
    expect(folded).toContain('<summary>27 passing rows</summary>');
    expect(folded!.split('\n').filter((l) => l.startsWith('| lat'))).toHaveLength(27);
  });

  test('a passing report says so', () => {
    expect(renderMarkdown(report(2, () => false)).split('\n')[0]).toBe(
      '### ✅ perfgate: 6 of 6 checks passed, 0 of 1 sub-experiment failed',
    );
  });

  test('names from result files cannot inject markup, mentions, links or table cells', () => {
    const name = '<img src=x onerror=alert(1)>|@admin [x](https://evil.example) `code` # _b_';
    const escaped = escapeMarkdown(name);
    expect(escaped).not.toMatch(/<|>|(?<!\\)\||@admin|(?<!\\)\[|(?<!\\)`/);
    expect(escaped).toContain('&lt;img');
    expect(escaped).toContain('@\u2060admin');
    expect(escaped).toContain('https\\:\u2060//evil.example');
  });
});

describe('report.json', () => {
  test('holds every check row and the verdict; NaN is null', () => {
    const r = report(2, (i) => i === 0);
    const json = JSON.parse(renderJson(r));
    expect(json).toMatchObject({
      schemaVersion: 1,
      verdict: 'fail',
      checksTotal: 6,
      checksFailed: 1,
      failedExperiments: ['lat'],
    });
    expect(json.subExperiments[0].checks).toHaveLength(6);
    expect(json.subExperiments[0].checks[0]).toEqual({
      check: 'Median',
      bytes: 16,
      requirement: 5,
      experiment: 5.5,
      difference: 0.5,
      percentOverRequirement: 10,
      status: 'failed',
    });
  });
});
