import { chartToMermaid, chartsToMermaidMarkdown, mermaidLabel, mermaidNumber } from '../src/engine/charts/mermaid.js';
import type { Chart } from '../src/engine/charts/model.js';
import { planCharts } from '../src/pipeline/writeCharts.js';
import { exampleInput } from './charts-fixtures.js';

const sample: Chart = {
  id: 'check-x',
  kind: 'check',
  title: 'Check x',
  panels: [
    {
      title: 'Median',
      x: { kind: 'payload', title: 'Payload' },
      y: { title: 'Median [µs]', unit: 'µs', log: false },
      mark: 'line',
      series: [
        {
          name: 'requirement Median',
          color: '#ff0000',
          points: [
            { x: 16, y: 9.76 },
            { x: 32, y: 9.771 },
            { x: 64, y: 9.792 },
          ],
        },
        {
          name: 'experiment Median',
          color: '#09487e',
          points: [
            { x: 16, y: 7.48 },
            { x: 32, y: 7.564 },
            { x: 64, y: 7.532 },
          ],
        },
      ],
    },
  ],
  columns: 1,
  inline: true,
};

test('a chart becomes an xychart-beta block with the reference colours and a Markdown legend', () => {
  expect(chartToMermaid(sample)).toBe(
    [
      '```mermaid',
      '---',
      'config:',
      '  xyChart:',
      '    width: 700',
      '    height: 320',
      '  themeVariables:',
      '    xyChart:',
      '      plotColorPalette: "#ff0000, #09487e"',
      '---',
      'xychart-beta',
      '  title "Check x"',
      '  x-axis "Payload" ["16 B", "32 B", "64 B"]',
      '  y-axis "Median (µs)" 0 --> 9.792',
      '  line [9.76, 9.771, 9.792]',
      '  line [7.48, 7.564, 7.532]',
      '```',
      '',
      '**Legend** (lines in order): 1. requirement Median (`#ff0000`) · 2. experiment Median (`#09487e`)  ',
      'x axis: payload sizes, log₂ scale.',
      '',
    ].join('\n'),
  );
});

test('a log y axis is drawn as log10 with its ticks spelled out', () => {
  const chart: Chart = {
    ...sample,
    panels: [
      {
        ...sample.panels[0]!,
        y: { title: 'Max [µs]', unit: 'µs', log: true },
        series: [
          {
            name: 'a',
            color: '#0072b2',
            points: [
              { x: 16, y: 0.5 },
              { x: 1024, y: 60 },
            ],
          },
        ],
      },
    ],
  };
  const text = chartToMermaid(chart);
  expect(text).toContain('  x-axis "Payload" ["16 B", "1 KiB"]');
  expect(text).toContain('  y-axis "log10 of Max (µs)" -1 --> 2');
  expect(text).toContain('  line [-0.30103, 1.77815]');
  expect(text).toContain('y axis: log₁₀ of the value in µs; -1 = 0.1, 0 = 1, 1 = 10, 2 = 100.');
  expect(text).toContain('x axis: payload sizes in order, not to scale.');
});

describe('untrusted labels cannot leave their string or the block', () => {
  const hostile = 'evil"]\nline [1]\n```\n%%{init: {"theme":"dark"}}%% `x` <img src=x> #35; a;b';
  test('mermaidLabel keeps only plain text', () => {
    const label = mermaidLabel(hostile);
    expect(label).not.toMatch(/["`\n\r<>{}#;[\]]/);
    expect(label).not.toContain('%%');
    expect(label).toBe("evil') line (1) ''' %init: 'theme':'dark'% 'x' img src=x 35 ab");
  });
  test.each([['\u2028'], ['\u2029'], ['\r'], ['\u0085']])('line separator %j becomes a space', (sep) => {
    expect(mermaidLabel(`a${sep}b`)).toBe('a b');
  });
  test('in a whole chart, the block stays one title line and one fence', () => {
    const chart: Chart = {
      ...sample,
      title: hostile,
      panels: [{ ...sample.panels[0]!, series: [{ ...sample.panels[0]!.series[0]!, name: hostile }] }],
    };
    const text = chartToMermaid(chart);
    const block = text.slice(0, text.indexOf('```\n\n') + 3);
    expect(block.split('\n').filter((l) => l.startsWith('```'))).toHaveLength(2);
    expect(block.split('\n').filter((l) => l.trim().startsWith('line'))).toHaveLength(1);
    expect(block).not.toContain('%%');
    // The legend is Markdown: escaped as the rest of the report is.
    const legend = text.slice(block.length);
    expect(legend).not.toContain('<img');
    expect(legend).not.toContain('\n```');
  });
});

test('numbers are plain decimals', () => {
  expect([0.1 + 0.2, 1e-7, 123456789, -0.30103].map(mermaidNumber)).toEqual([
    '0.3',
    '0.0000001',
    '123457000',
    '-0.30103',
  ]);
});

test('Markdown for the example set: the inline charts only, under the size cap', () => {
  const charts = planCharts(exampleInput());
  const md = chartsToMermaidMarkdown(charts);
  expect(md.length).toBeLessThan(40000);
  // At most 8 blocks, the charts that show a failure first: what changed (1 block), the 3 regressions,
  // the failing reference comparison (2); the passing check charts (3 blocks each) no longer fit.
  expect([...md.matchAll(/^#### (.*)$/gm)].map((m) => m[1])).toEqual([
    'What changed\\: PR vs main',
    'Regressions in intraprocess\\_best\\_effort\\: main vs PR',
    'Comparison intraprocess\\_best\\_effort\\: main vs PR \\(failed\\)',
  ]);
  expect(md.match(/```mermaid/g)).toHaveLength(6);
  expect(md).toContain('  bar [40.586, 40.5043, 39.2111, 1.00402, ');
  expect(md).toContain('_8 more chart(s) are in report.html and the chart images._');
  expect(md).not.toContain('Latency Histogram');
  // A check alone: its charts in order, whole.
  const check = chartsToMermaidMarkdown(planCharts({ check: exampleInput().check! }));
  expect(check).toContain('#### Check interprocess\\_best\\_effort \\(passed\\)');
  expect(check).toContain('  line [7.48, 7.564, 7.532, 7.594, 7.608, 7.735, 8.018, 8.5, 9.524, 11.589, 15.651]');
  const small = chartsToMermaidMarkdown(charts, 3000);
  expect(small).toMatch(/_\d+ more chart\(s\) are in report\.html and the chart images\._/);
});

test('one micro sign: labels keep µ (U+00B5), as the tables write it, never Greek mu (U+03BC)', () => {
  expect(mermaidLabel('latency [µs]')).toBe('latency (µs)');
  expect(mermaidLabel('latency [\u03bcs]')).toBe('latency (µs)');
  expect(mermaidLabel('latency [µs]')).not.toContain('\u03bc');
});
