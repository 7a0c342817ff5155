import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, read, tempDir } from './helpers/shared.js';
import { escapeMarkdown, withoutControls, withoutGithubReferences } from '../src/engine/report/escape.js';
import { makeTempDir, removeTempDirs } from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';

// A results file whose experiment name tries every trick: a spreadsheet formula, a mention, a
// link, HTML, a table break, a heading, a path, and a workflow command.
const HOSTILE =
  '=HYPERLINK("http://evil.example") @octocat [click](http://evil.example) <img src=x onerror=alert(1)> | # h1 ../../x ::set-output name=verdict::pass';

function hostileHyperfine(dir: string): string {
  const path = join(dir, 'hostile.json');
  const result = {
    command: HOSTILE,
    mean: 0.002,
    stddev: 0.0001,
    median: 0.002,
    user: 0.001,
    system: 0.0005,
    min: 0.0019,
    max: 0.0021,
    times: [0.0019, 0.002, 0.0021],
  };
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

  test('the check itself runs and fails on the number, not on the name', async () => {
    expect(run.code).toBe(1);
    expect(run.err).toBe('');
  });

  test('report files stay inside the report folder, with a cleaned name', async () => {
    const files = readdirSync(out).sort();
    expect(files).toHaveLength(4);
    expect(files).toContain('comment.md');
    const checks = files.find((f) => f.startsWith('checks_'))!;
    expect(checks).toMatch(/^checks_[A-Za-z0-9._-]+\.csv$/);
    expect(checks).not.toContain('..');
  });

  test('Markdown: no mention, link, HTML tag, heading or table break survives', async () => {
    const markdown = read(join(out, 'report.md'));
    const row = markdown.split('\n').find((l) => l.includes('octocat'))!;
    expect(row).toBeDefined();
    // GitHub reads mentions and links in the decoded text: a word joiner breaks them, an entity would not.
    expect(row).not.toContain('@octocat');
    expect(row).toContain('@\u2060octocat');
    expect(row).not.toContain('http\\://');
    expect(row).toContain('http\\:\u2060//evil.example');
    expect(row).not.toContain('<img');
    expect(row).toContain('&lt;img');
    expect(row).not.toMatch(/[^\\]\[click\]\(/);
    // Exactly the table's own pipes: 2 columns + 4 per check column + edges.
    const unescapedPipes = row.match(/(?<!\\)\|/g) ?? [];
    expect(unescapedPipes).toHaveLength(7);
  });

  test('report.json keeps the name verbatim (JSON escapes itself)', async () => {
    const json = JSON.parse(read(join(out, 'report.json'))) as { subExperiments: { experimentType: string }[] };
    expect(json.subExperiments[0]!.experimentType).toBe(HOSTILE);
  });

  test('CSV: a formula-like parameter cell is quoted and neutralised', async () => {
    const csvDir = tempDir();
    const data = join(csvDir, 'bench.csv');
    writeFileSync(data, 'name,size,p99\nudp,"=1+2,@SUM(A1)",0.5\n');
    const mapping = join(csvDir, 'mapping.json');
    writeFileSync(
      mapping,
      JSON.stringify({
        experiment: 'name',
        parameter: 'size',
        metrics: [{ column: 'p99', metric: 'latency', statistic: 'p99', unit: 'ms' }],
      }),
    );
    const req = join(csvDir, 'req.csv');
    writeFileSync(req, 'Experiment,Parameter,latency.p99 [ms]\nudp,*,1\n');
    const result = await cli([
      'check',
      '-r',
      data,
      '-q',
      req,
      '--format',
      'generic-csv',
      '--mapping',
      mapping,
      '-o',
      join(csvDir, 'out'),
    ]);
    expect(result.code).toBe(0);
    expect(read(join(csvDir, 'out', 'checks_udp.csv')).split('\n')[1]).toBe(
      `latency.p99,"'=1+2,@SUM(A1)",µs,<=,1000.000,500.000,500.000,-50.000,passed`,
    );
  });

  test('terminal output has no control characters and the name cannot act as a workflow command', async () => {
    expect(run.out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(run.out.split('\n').some((l) => l.startsWith('::'))).toBe(false);
  });
});

/**
 * GitHub renders the Markdown, then its filters read the decoded text of the HTML: the mention
 * filter, the issue and commit reference filters, and the autolink extension of GFM (`www.`,
 * `scheme://`, emails). No GFM renderer is installed here, so the Markdown is decoded as GitHub
 * decodes it (backslash escapes and entities undone) and the filters' documented patterns are
 * looked for in that text.
 */
function decodedAsGithubDoes(markdown: string): string {
  return markdown
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const GITHUB_FILTERS: [string, RegExp][] = [
  ['mention', /(?:^|[^A-Za-z0-9_`])@[A-Za-z0-9][A-Za-z0-9-]*/],
  ['issue reference', /(?:^|[^A-Za-z0-9_&])#\d+/],
  ['cross-repository reference', /[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+#\d+/],
  ['GH- reference', /\bGH-\d+/i],
  ['commit reference', /[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+@[0-9a-f]{7,40}/],
  ['www autolink', /(?:^|[\s*_~(])www\./i],
  ['URL autolink', /[A-Za-z][A-Za-z0-9+.-]*:\/\//],
  ['email autolink', /[A-Za-z0-9._+-]+@[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+/],
];

function githubFiltersMatching(markdown: string): string[] {
  const text = decodedAsGithubDoes(markdown);
  return GITHUB_FILTERS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
}

describe('names cannot mention, reference or link on GitHub', () => {
  const names: [string, string[]][] = [
    ['@octocat', ['mention']],
    ['ping @org/team now', ['mention']],
    ['fixes #123', ['issue reference']],
    ['#1', ['issue reference']],
    ['see GH-42', ['GH- reference']],
    ['octo/repo#1', ['cross-repository reference']],
    ['user/repo@a5c3785ed8d6', ['commit reference']],
    ['www.evil.example/login', ['www autolink']],
    ['go http://evil.example', ['URL autolink']],
    ['https://evil.example/x?y=1', ['URL autolink']],
    ['ftp://evil.example', ['URL autolink']],
    ['mail a@b.example', ['email autolink']],
    ['x@_y.example', ['email autolink']],
  ];

  test.each(names)('%s: the filters find it raw, and nothing after escapeMarkdown', async (name, raw) => {
    // The model finds the pattern in the name itself, so a miss after escaping is the escape's doing.
    expect(githubFiltersMatching(name)).toEqual(raw);
    expect(githubFiltersMatching(escapeMarkdown(name))).toEqual([]);
  });

  test('the old entity and backslash escapes do not protect: GitHub reads them decoded', async () => {
    expect(githubFiltersMatching('&#64;octocat \\#12 http\\://evil.example')).toEqual([
      'mention',
      'issue reference',
      'URL autolink',
    ]);
  });

  test('each pattern is broken by one word joiner, at its start', async () => {
    expect(escapeMarkdown('@octocat #12 GH-3 www.x.example http://y a@b.example')).toBe(
      '@\u2060octocat \\#\u206012 GH\\-\u20603 www\u2060.x.example http\\:\u2060//y a@\u2060b.example',
    );
  });

  test('names without these patterns are only Markdown-escaped', async () => {
    expect(escapeMarkdown('BM_Encode/1024')).toBe('BM\\_Encode/1024');
    expect(escapeMarkdown('ns::Type<int>::run #x @ 5')).toBe('ns\\:\\:Type&lt;int&gt;\\:\\:run \\#x @ 5');
    expect(escapeMarkdown('udp 64 KiB, a.b')).toBe('udp 64 KiB, a.b');
  });

  test('the shortcut for plain names gives what every replacement gives, for each UTF-16 unit in each place', () => {
    // The whole chain, each step always applied: escapeMarkdown returns a name it would not change without running it.
    const everyStep = (text: string) =>
      withoutGithubReferences(withoutControls(text.replace(/[\t\n\r]/g, ' ')))
        .replace(/[\\`*_{}[\]()#+!|~:-]/g, (c) => '\\' + c)
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;');
    const differing: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code);
      for (const text of [c, `a${c}1`, `www${c}x`, `w${c}.x`, `gh${c}1`, `${c}//`, `${c}@b`]) {
        if (escapeMarkdown(text) !== everyStep(text)) differing.push(JSON.stringify(text));
      }
    }
    expect(differing).toEqual([]);
  });

  test('through the CLI: report.md and comment.md hold no mention, reference or link', async () => {
    const dir = tempDir();
    const command =
      'cc @octocat, fixes #7 and octo/repo#8, GH-9, www.evil.example/login, https://evil.example, a@b.example';
    const result = {
      command,
      mean: 0.002,
      stddev: 0.0001,
      median: 0.002,
      user: 0.001,
      system: 0.0005,
      min: 0.0019,
      max: 0.0021,
      times: [0.0019, 0.002, 0.0021],
    };
    writeFileSync(join(dir, 'r.json'), JSON.stringify({ results: [result] }));
    writeFileSync(join(dir, 'req.csv'), `Experiment,Parameter,wall time.mean [ms]\n"${command}",*,1\n`);
    const run = await cli(['check', '-r', join(dir, 'r.json'), '-q', join(dir, 'req.csv'), '-o', join(dir, 'out')]);
    expect(run.code).toBe(1);
    for (const file of ['report.md', 'comment.md']) {
      const markdown = read(join(dir, 'out', file));
      expect(markdown).toContain(
        'cc @\u2060octocat, fixes \\#\u20607 and octo/repo\\#\u20608, GH\\-\u20609, www\u2060.evil.example/login, https\\:\u2060//evil.example, a@\u2060b.example',
      );
      expect(githubFiltersMatching(markdown)).toEqual([]);
    }
  });
});

/** ESC, BEL, a C1 control and a right-to-left override: each acts instead of showing. */
const CONTROLS = 'red\u001b[31m bell\u0007 c1\u009b rtl\u202eevil\u2066';
const RAW_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('control and bidi characters are shown, never sent', () => {
  test('withoutControls shows each as its \\u escape; keepLines keeps tabs and line feeds only', async () => {
    expect(withoutControls(CONTROLS)).toBe('red\\u001b[31m bell\\u0007 c1\\u009b rtl\\u202eevil\\u2066');
    expect(withoutControls('a\tb\nc\rd\u200fe', true)).toBe('a\tb\nc\\u000dd\\u200fe');
    expect(withoutControls('a\tb\nc')).toBe('a\\u0009b\\u000ac');
  });

  test('Markdown: line breaks become spaces, other controls their escape', async () => {
    expect(escapeMarkdown('a\nb\u001b\u202ec')).toBe('a b\\\\u001b\\\\u202ec');
  });

  const dir = tempDir();
  const results = join(dir, 'controls.json');
  const result = {
    command: CONTROLS,
    mean: 0.002,
    stddev: 0.0001,
    median: 0.002,
    user: 0.001,
    system: 0.0005,
    min: 0.0019,
    max: 0.0021,
    times: [0.0019, 0.002, 0.0021],
  };
  writeFileSync(results, JSON.stringify({ results: [result] }));
  const requirements = join(dir, 'req.csv');
  writeFileSync(requirements, `Experiment,Parameter,wall time.mean [ms]\n"${CONTROLS}",*,1\n`);

  test('CLI: the terminal text shows the escapes', async () => {
    const run = await cli(['check', '-r', results, '-q', requirements, '-o', join(dir, 'out')]);
    expect(run.code).toBe(1);
    expect(run.out).not.toMatch(RAW_CONTROLS);
    expect(run.out).toContain('red\\u001b[31m bell\\u0007 c1\\u009b rtl\\u202eevil\\u2066');
    expect(read(join(dir, 'out', 'report.md'))).not.toMatch(RAW_CONTROLS);
  });

  test('CLI: an error message naming the input shows the escapes', async () => {
    const run = await cli(['check', '-r', results, '-q', requirements, '--format', `x\u001b]0;title\u0007`]);
    expect(run.code).toBe(2);
    expect(run.err).not.toMatch(RAW_CONTROLS);
    expect(run.err).toContain('x\\u001b]0;title\\u0007');
  });

  test('action: annotation titles, messages and log lines show the escapes (dist/index.js)', async () => {
    const workspace = makeTempDir();
    try {
      const run = await runActionInProcess(
        { results, requirements, 'output-dir': join(workspace, 'out') },
        { workspace },
      );
      expect(run.status).toBe(1);
      expect(run.stdout).not.toMatch(RAW_CONTROLS);
      const shown = 'red\\u001b[31m bell\\u0007 c1\\u009b rtl\\u202eevil\\u2066';
      const placed = run.commands.filter((c) => c.command === 'error' && c.properties['title'] !== undefined);
      expect(placed.map((c) => c.properties['title'])).toEqual([`perfgate: ${shown}`]);
      const unplaced = run.commands.filter((c) => c.command === 'error' && c.properties['title'] === undefined);
      expect(unplaced.map((c) => c.message)).toEqual([`perfgate: 1 of 1 checks failed in ${shown}`]);
      expect(run.summary).not.toMatch(RAW_CONTROLS);
    } finally {
      removeTempDirs();
    }
  });
});
