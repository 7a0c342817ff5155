import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './helpers/shared.js';

// The README is the user's whole manual: every input and output of action.yml must be in its tables.
const actionYml = readFileSync(join(repoRoot, 'action.yml'), 'utf8');
const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');

/** Keys indented by exactly two spaces under a top-level section of action.yml. */
function keysOf(section: string): string[] {
  const block = new RegExp(`^${section}:\\n((?:  .*\\n|\\n)*)`, 'm').exec(actionYml)?.[1] ?? '';
  return [...block.matchAll(/^ {2}([a-z0-9-]+):/gm)].map((m) => m[1]!);
}

function tableRows(heading: string): string[] {
  const section = readme.split(`### ${heading}\n`)[1]?.split('\n### ')[0]?.split('\n## ')[0] ?? '';
  return [...section.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]!);
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
