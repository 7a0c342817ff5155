import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, read, tempDir } from './helpers/shared.js';

// A results file whose experiment name tries every trick: a spreadsheet formula, a mention, a
// link, HTML, a table break, a heading, a path, and a workflow command.
const HOSTILE = '=HYPERLINK("http://evil.example") @octocat [click](http://evil.example) <img src=x onerror=alert(1)> | # h1 ../../x ::set-output name=verdict::pass';

function hostileHyperfine(dir: string): string {
  const path = join(dir, 'hostile.json');
  const result = { command: HOSTILE, mean: 0.002, stddev: 0.0001, median: 0.002, user: 0.001, system: 0.0005, min: 0.0019, max: 0.0021, times: [0.0019, 0.002, 0.0021] };
  writeFileSync(path, JSON.stringify({ results: [result] }, null, 2));
  return path;
}

describe('a malicious experiment name renders inert', () => {
  const dir = tempDir();
  const results = hostileHyperfine(dir);
  const requirements = join(dir, 'req.csv');
  // The name must be quoted in the requirements CSV too: it holds a comma-free but quote-laden text.
  writeFileSync(requirements, `Experiment,Parameter,wall time.mean [ms]\n"${HOSTILE.replace(/"/g, '""')}",*,1\n`);
  const out = join(dir, 'out');
  let run: Awaited<ReturnType<typeof cli>>;

  beforeAll(async () => {
    run = await cli(['check', '-r', results, '-q', requirements, '-o', out]);
  });

  test('the check itself runs and fails on the number, not on the name', () => {
    expect(run.code).toBe(1);
    expect(run.err).toBe('');
  });

  test('report files stay inside the report folder, with a cleaned name', () => {
    const files = readdirSync(out).sort();
    expect(files).toHaveLength(4);
    expect(files).toContain('comment.md');
    const checks = files.find((f) => f.startsWith('checks_'))!;
    expect(checks).toMatch(/^checks_[A-Za-z0-9._-]+\.csv$/);
    expect(checks).not.toContain('..');
  });

  test('Markdown: no mention, link, HTML tag, heading or table break survives', () => {
    const markdown = read(join(out, 'report.md'));
    const row = markdown.split('\n').find((l) => l.includes('octocat'))!;
    expect(row).toBeDefined();
    expect(row).not.toMatch(/(^|[^\\])@octocat/);
    expect(row).toContain('&#64;octocat');
    expect(row).not.toContain('<img');
    expect(row).toContain('&lt;img');
    expect(row).not.toMatch(/[^\\]\[click\]\(/);
    // Exactly the table's own pipes: 2 columns + 4 per check column + edges.
    const unescapedPipes = row.match(/(?<!\\)\|/g) ?? [];
    expect(unescapedPipes).toHaveLength(7);
  });

  test('report.json keeps the name verbatim (JSON escapes itself)', () => {
    const json = JSON.parse(read(join(out, 'report.json'))) as { subExperiments: { experimentType: string }[] };
    expect(json.subExperiments[0]!.experimentType).toBe(HOSTILE);
  });

  test('CSV: a formula-like parameter cell is quoted and neutralised', async () => {
    const csvDir = tempDir();
    const data = join(csvDir, 'bench.csv');
    writeFileSync(data, 'name,size,p99\nudp,"=1+2,@SUM(A1)",0.5\n');
    const mapping = join(csvDir, 'mapping.json');
    writeFileSync(mapping, JSON.stringify({ experiment: 'name', parameter: 'size', metrics: [{ column: 'p99', metric: 'latency', statistic: 'p99', unit: 'ms' }] }));
    const req = join(csvDir, 'req.csv');
    writeFileSync(req, 'Experiment,Parameter,latency.p99 [ms]\nudp,*,1\n');
    const result = await cli(['check', '-r', data, '-q', req, '--format', 'generic-csv', '--mapping', mapping, '-o', join(csvDir, 'out')]);
    expect(result.code).toBe(0);
    expect(read(join(csvDir, 'out', 'checks_udp.csv')).split('\n')[1]).toBe(`latency.p99,"'=1+2,@SUM(A1)",µs,<=,1000.000,500.000,500.000,-50.000,passed`);
  });

  test('terminal output has no control characters and the name cannot act as a workflow command', () => {
    expect(run.out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(run.out.split('\n').some((l) => l.startsWith('::'))).toBe(false);
  });
});
