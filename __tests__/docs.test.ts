import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { repoRoot } from './helpers/shared.js';

// The README is the user's whole manual: every input and output of action.yml must be in its tables.
const actionYml = readFileSync(join(repoRoot, 'action.yml'), 'utf8');
const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');

/** Keys indented by exactly two spaces under a top-level section of action.yml. */
function keysOf(section: string): string[] {
  const block = new RegExp(`^${section}:\\n((?:  .*\\n|\\n)*)`, 'm').exec(actionYml)?.[1] ?? '';
  return [...block.matchAll(/^ {2}([a-z0-9-]+):/gm)].map((m) => m[1]!);
}

/** The text under a heading, up to the next heading of its level or higher. */
function section(heading: string, text = readme): string {
  const level = /^#+/.exec(heading)![0].length;
  const after = text.split(`\n${heading}\n`)[1] ?? '';
  return after.split(new RegExp(`\\n#{1,${level}} `))[0]!;
}

function tableRows(heading: string): string[] {
  return [...section(`### ${heading}`).matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]!);
}

describe('README documents action.yml', () => {
  test.each([
    ['inputs', 'Inputs'],
    ['outputs', 'Outputs'],
  ])('every one of action.yml %s is in the README table, and nothing else', (section, heading) => {
    const declared = keysOf(section);
    expect(declared.length).toBeGreaterThan(3);
    expect(tableRows(heading).sort()).toEqual([...declared].sort());
  });

  test('the action runs on node24 from dist/index.js', () => {
    expect(actionYml).toMatch(/^runs:\n {2}using: node24\n {2}main: dist\/index\.js$/m);
  });
});

describe('the README leads with the user', () => {
  const intro = readme.split('\n## ')[0]!;

  test('what perfgate does comes first, in a few lines that name the tools most users have', () => {
    const paragraph = intro.split('\n\n')[1]!;
    expect(paragraph.split('\n').length).toBeLessThanOrEqual(8);
    for (const tool of [
      'Go',
      'Criterion',
      'Google Benchmark',
      'pytest-benchmark',
      'JMH',
      'BenchmarkDotNet',
      'benchmark.js',
      'Fast-DDS',
    ])
      expect([tool, paragraph.includes(tool)]).toEqual([tool, true]);
  });

  test('then the workflows, the comment, the four inputs to start with and the install, before anything else', () => {
    const headings = [...readme.matchAll(/^## (.*)$/gm)].map((m) => m[1]);
    expect(headings.slice(0, 5)).toEqual([
      'Start with your benchmark tool',
      'What the comment looks like',
      'The four inputs to start with',
      'Install',
      'How perfgate judges a pull request',
    ]);
  });

  test('the four inputs to start with are the first group of the inputs, and the ones the first workflows use', () => {
    const start = [...section('## The four inputs to start with').matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]);
    expect(start).toEqual(['results', 'history-branch', 'record-history', 'history']);
    const groups = [...section('### Inputs').matchAll(/^#### (.*)$/gm)].map((m) => m[1]!);
    expect(groups).toEqual([
      'Start with these',
      'What to read',
      'How to judge',
      'What to compare with and where history lives',
      'What to publish',
    ]);
    expect([...section('#### Start with these').matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1])).toEqual(start);
    // No first workflow needs a requirements file.
    // Twelve first workflows: one per tool (Catch2 and hyperfine among them), and counts beside time (wall time and
    // instructions in one).
    const firstWorkflows = section('## Start with your benchmark tool');
    expect(firstWorkflows.match(/^```yaml$/gm)).toHaveLength(12);
    expect(firstWorkflows).not.toMatch(/^\s+requirements:/m);
  });

  test('what only a release brings is said to need one, and the form that works today is given', () => {
    const install = section('## Install');
    expect(install).toContain('**`uses: perfgate/perfgate@main`** works today');
    expect(install).toContain('**`uses: perfgate/perfgate@v1`** works only after the first release');
    expect(install).toContain(
      'There is no npm release yet, so `npx perfgate` on its own asks the npm registry and gets a 404.',
    );
  });

  test('the Fast-DDS reference details live in docs/fastdds.md', () => {
    const fastdds = readFileSync(join(repoRoot, 'docs', 'fastdds.md'), 'utf8');
    for (const heading of [
      '## Number parsing',
      '## Differences from the reference scripts',
      '### Raw measurement CSV',
      '### Summary CSV',
    ]) {
      expect([heading, fastdds.includes(`\n${heading}\n`), readme.includes(`\n${heading}\n`)]).toEqual([
        heading,
        true,
        false,
      ]);
    }
  });
});

// GitHub's anchor for a heading: lower case, punctuation but - and _ dropped, spaces as -; repeats get -1, -2, ….
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const text = markdown.replace(/^```[\s\S]*?^```$/gm, '');
  for (const [, heading] of text.matchAll(/^#{1,6} (.*)$/gm)) {
    const base = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

describe('links in README.md and docs/', () => {
  const files = [
    'README.md',
    ...readdirSync(join(repoRoot, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];

  test("the anchor rule is GitHub's", () => {
    expect([
      ...anchorsOf(
        "## Other tools' outputs\n### Outside GitHub Actions: GitLab, Jenkins, Buildkite\n## `perfgate` 1\n## `perfgate` 1\n",
      ),
    ]).toEqual([
      'other-tools-outputs',
      'outside-github-actions-gitlab-jenkins-buildkite',
      'perfgate-1',
      'perfgate-1-1',
    ]);
  });

  test.each(files)('every relative link of %s names a file that exists, and a heading in it', (file) => {
    // Code blocks and code spans show link syntax; they hold no links.
    const text = readFileSync(join(repoRoot, file), 'utf8')
      .replace(/^```[\s\S]*?^```$/gm, '')
      .replace(/`[^`\n]*`/g, '');
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [path, anchor] = target!.split('#') as [string, string | undefined];
      const resolved = path === '' ? file : normalize(join(dirname(file), path));
      if (!existsSync(join(repoRoot, resolved))) {
        broken.push(`${target}: no file ${resolved}`);
        continue;
      }
      if (
        anchor !== undefined &&
        resolved.endsWith('.md') &&
        !anchorsOf(readFileSync(join(repoRoot, resolved), 'utf8')).has(anchor)
      )
        broken.push(`${target}: no heading #${anchor} in ${resolved}`);
    }
    expect(broken).toEqual([]);
  });
});
