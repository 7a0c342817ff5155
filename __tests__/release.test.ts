import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { repoRoot, tempDir } from './helpers/shared.js';
import { FULL_VOLUME } from './helpers/volume.js';

// scripts/release.mjs in a scratch clone of this repository's HEAD: nothing here touches the checkout.

function scratchClone(): string {
  const dir = join(tempDir('perfgate-release-'), 'clone');
  // --shared borrows the checkout's objects read-only (alternates) instead of copying them: 0.3 s, not 11 s.
  // New commits and tags go to the clone's own object store.
  execFileSync('git', ['clone', '-q', '--shared', repoRoot, dir]);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
  git('config', 'user.name', 'Release Test');
  git('config', 'user.email', 'release@example.invalid');
  // The build's tools, from the checkout (a symlink, which `node_modules/` in .gitignore does not match).
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, '.git', 'info', 'exclude'), 'node_modules\n');
  return dir;
}

const release = (dir: string, ...args: string[]) => {
  const run = spawnSync(process.execPath, [join(dir, 'scripts', 'release.mjs'), ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, out: run.stdout, err: run.stderr };
};
const git = (dir: string, ...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();

/** The shell commands the README's install section gives for the command line, in order. */
function readmeInstallCommands(): string {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const section = readme.split('\n### The command line\n')[1]!.split('\n## ')[0]!;
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!).join('');
}

describe('scripts/release.mjs', () => {
  // A whole release builds dist/ twice, packs and installs the tarball through the README's commands: about
  // 35 s, a confidence check for `npm run test:full`. `npm test` keeps the refusals below as its smoke case.
  (FULL_VOLUME ? test : test.skip)(
    'a release (full suite only): changelog, version, one commit, the version tag and the moving major tag',
    () => {
      const dir = scratchClone();
      const version = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version as string;
      const [major, minor] = version.split('.').map(Number) as [number, number];
      const next = `${major}.${minor + 1}.0`;
      const date = git(dir, 'log', '-1', '--format=%cs');
      const head = git(dir, 'rev-parse', 'HEAD');

      const run = release(dir, next);
      expect(run.err).toBe('');
      expect(run.status).toBe(0);
      expect(run.out).toContain(`released ${next}: commit`);
      expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version).toBe(next);
      expect(JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')).version).toBe(next);
      const changelog = readFileSync(join(dir, 'CHANGELOG.md'), 'utf8');
      expect(changelog).toContain(`## Unreleased\n\n## ${next} (${date})\n`);
      expect(git(dir, 'log', '-1', '--format=%s')).toBe(`Release v${next}`);
      expect(git(dir, 'rev-parse', 'HEAD~1')).toBe(head);
      expect(git(dir, 'rev-parse', `v${next}^{commit}`)).toBe(git(dir, 'rev-parse', 'HEAD'));
      expect(git(dir, 'rev-parse', `v${major}^{commit}`)).toBe(git(dir, 'rev-parse', 'HEAD'));
      expect(git(dir, 'status', '--porcelain')).toBe('');
      // dist/ is part of the release commit: it carries the new version.
      expect(git(dir, 'show', '--stat', '--format=', 'HEAD')).toContain('dist/cli-main.js');
      expect(execFileSync(process.execPath, [join(dir, 'dist', 'cli.js'), '--version'], { encoding: 'utf8' })).toBe(
        `${next}\n`,
      );

      // The README's install commands, run as written in an empty project of a user, from the
      // released repository (its URL made this clone's) and with no npm registry: the clone runs as
      // is, and its packed tarball installs and runs through npx.
      const user = tempDir('perfgate-user-');
      writeFileSync(join(user, 'package.json'), JSON.stringify({ name: 'user-project', private: true }));
      const commands = readmeInstallCommands();
      expect(commands).toContain('git clone --depth 1 https://github.com/perfgate/perfgate\n');
      // git clone names its folder after the URL's last part: the released clone, as .../perfgate.
      const repository = join(tempDir('perfgate-remote-'), 'perfgate');
      symlinkSync(dir, repository, 'dir');
      const install = spawnSync(
        'bash',
        ['-euo', 'pipefail', '-c', commands.replaceAll('https://github.com/perfgate/perfgate', `file://${repository}`)],
        {
          cwd: user,
          encoding: 'utf8',
          env: {
            ...process.env,
            PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
            npm_config_offline: 'true',
            npm_config_audit: 'false',
            npm_config_fund: 'false',
            npm_config_update_notifier: 'false',
          },
          timeout: 180_000,
        },
      );
      expect({ status: install.status, stderr: install.stderr }).toEqual({ status: 0, stderr: expect.any(String) });
      // --help from the clone, then --version through npx from the installed tarball.
      expect(install.stdout).toMatch(
        /^perfgate — gate benchmark results against requirements\n\nUsage:\n {2}perfgate summarize /,
      );
      expect(install.stdout.endsWith(`\n${next}\n`)).toBe(true);
      expect(JSON.parse(readFileSync(join(user, 'package.json'), 'utf8')).devDependencies).toEqual({
        perfgate: `file:perfgate/perfgate-${next}.tgz`,
      });
      expect(
        execFileSync(process.execPath, [join(user, 'node_modules', 'perfgate', 'dist', 'cli.js'), '--help'], {
          encoding: 'utf8',
        }),
      ).toContain('Usage:\n');

      // The next release moves the major tag; an empty Unreleased section is refused first.
      const empty = release(dir, `${major}.${minor + 1}.1`);
      expect(empty.status).toBe(2);
      expect(empty.err).toBe(
        'release: CHANGELOG.md has no "## Unreleased" section with entries: say what this release changes\n',
      );
      writeFileSync(join(dir, 'CHANGELOG.md'), changelog.replace('## Unreleased\n', '## Unreleased\n\n- A fix.\n'));
      git(dir, 'commit', '-qam', 'Changelog: a fix');
      expect(release(dir, `${major}.${minor + 1}.1`).status).toBe(0);
      expect(git(dir, 'rev-parse', `v${major}^{commit}`)).toBe(git(dir, 'rev-parse', 'HEAD'));
      expect(git(dir, 'rev-parse', `v${next}^{commit}`)).toBe(git(dir, 'rev-parse', 'HEAD~2'));
    },
  );

  test('refusals: a version not above the current one, a dirty tree, a stale dist/', () => {
    const dir = scratchClone();
    const version = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version as string;
    expect(release(dir, version)).toMatchObject({
      status: 2,
      err: `release: ${version} is not above the current version ${version}\n`,
    });
    expect(release(dir, 'next')).toMatchObject({
      status: 2,
      err: 'release: usage: node scripts/release.mjs <X.Y.Z> [--dry-run]\n',
    });
    writeFileSync(join(dir, 'README.md'), 'changed\n');
    expect(release(dir, '9.0.0')).toMatchObject({
      status: 2,
      err: 'release: the work tree has uncommitted changes: commit or stash them first\n',
    });
    git(dir, 'checkout', '-q', '--', 'README.md');
    writeFileSync(join(dir, 'dist', 'cli.js'), 'stale\n');
    git(dir, 'commit', '-qam', 'A stale bundle');
    const stale = release(dir, '9.0.0');
    expect(stale.status).toBe(2);
    expect(stale.err).toContain('release: dist/ is not what src/ builds to');
    expect(git(dir, 'tag', '--list')).toBe('');
  });
});
