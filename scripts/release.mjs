#!/usr/bin/env node
/**
 * Cuts a release: `node scripts/release.mjs <X.Y.Z> [--dry-run]`.
 *
 * 1. checks the version (X.Y.Z, above the current one), a clean work tree and that dist/ is what
 *    the sources build to;
 * 2. moves CHANGELOG.md's "## Unreleased" section under "## X.Y.Z (<date of the last commit>)";
 * 3. sets the version in package.json and package-lock.json, and rebuilds dist/ (it embeds it);
 * 4. commits "Release vX.Y.Z", tags vX.Y.Z (annotated) and moves the major tag vX to it.
 *
 * Nothing is pushed or published: the script prints the commands that do. The date comes from the
 * last commit, never the clock, so the same history gives the same release commit.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

function fail(message) {
  process.stderr.write(`release: ${message}\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const version = args.find((a) => !a.startsWith('--'));
if (!version || !/^\d+\.\d+\.\d+$/.test(version)) fail('usage: node scripts/release.mjs <X.Y.Z> [--dry-run]');

const pkgPath = join(root, 'package.json');
const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
const parts = (v) => v.split('.').map(Number);
const newer = (a, b) => {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return false;
};
if (!newer(version, pkg.version)) fail(`${version} is not above the current version ${pkg.version}`);
if (git('status', '--porcelain') !== '') fail('the work tree has uncommitted changes: commit or stash them first');
if (git('tag', '--list', `v${version}`) !== '') fail(`tag v${version} exists already`);

execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
if (git('status', '--porcelain', '--', 'dist') !== '')
  fail('dist/ is not what src/ builds to: run npm run build and commit dist/ first');

const changelogPath = join(root, 'CHANGELOG.md');
const changelog = readFileSync(changelogPath, 'utf8');
const unreleased = /^## Unreleased\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(changelog);
if (!unreleased || unreleased[1].trim() === '')
  fail('CHANGELOG.md has no "## Unreleased" section with entries: say what this release changes');
const date = git('log', '-1', '--format=%cs');
const released = changelog.replace(/^## Unreleased\n/m, `## Unreleased\n\n## ${version} (${date})\n`);

const major = `v${parts(version)[0]}`;
if (dryRun) {
  process.stdout.write(`release ${version} (${date}): tags v${version} and ${major}; dry run, nothing changed\n`);
  process.exit(0);
}
writeFileSync(changelogPath, released);
execFileSync('npm', ['version', version, '--no-git-tag-version', '--allow-same-version'], {
  cwd: root,
  stdio: 'ignore',
});
// The bundles carry the version (perfgate --version): rebuilt, so the release commit's dist/ is current.
execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
git('add', 'CHANGELOG.md', 'package.json', 'package-lock.json', 'dist');
git('commit', '-q', '-m', `Release v${version}`);
git('tag', '-a', `v${version}`, '-m', `perfgate ${version}`);
git('tag', '-f', major);
process.stdout.write(
  [
    `released ${version}: commit ${git('rev-parse', '--short', 'HEAD')}, tags v${version} and ${major}`,
    'publish with:',
    `  git push origin HEAD v${version} && git push --force origin ${major}`,
    '  npm publish',
    '',
  ].join('\n'),
);
