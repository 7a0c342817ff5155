import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, tempDir } from './helpers/shared.js';

// The npm package as a user gets it: packed, installed into an empty project without the
// network, and run through npx. dist/ bundles every dependency, so the package installs none.

const npm = (args: string[], cwd: string) => {
  const run = spawnSync('npm', args, {
    cwd,
    encoding: 'utf8',
    // No registry: the install must need nothing but the tarball.
    env: {
      ...process.env,
      npm_config_offline: 'true',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    },
    timeout: 120_000,
  });
  // npm's own configuration warnings (this machine's npmrc) are not perfgate's output.
  const err = run.stderr
    .split('\n')
    .filter((l) => !l.startsWith('npm warn'))
    .join('\n');
  return { status: run.status, out: run.stdout, err };
};

describe('the npm package', () => {
  test('package.json: a bin, the files it ships, the engines it runs on, no runtime dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    expect(pkg.name).toBe('perfgate');
    expect(pkg.bin).toEqual({ perfgate: 'dist/cli.js' });
    expect(pkg.files).toEqual(expect.arrayContaining(['dist', 'action.yml']));
    expect(pkg.engines.node).toMatch(/^>=\d+/);
    expect(pkg.dependencies ?? {}).toEqual({});
  });

  test('every dependency with an install script is decided in allowScripts (npm 11 warns of the others)', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8'));
    const withScripts = Object.entries(lock.packages as Record<string, { hasInstallScript?: boolean }>)
      .filter(([, entry]) => entry.hasInstallScript === true)
      .map(([path]) => path.replace(/^.*node_modules\//, ''));
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => typeof pkg.allowScripts?.[name] !== 'boolean')).toEqual([]);
  });

  test('npm pack, install the tarball offline into an empty project, npx perfgate --version and check', () => {
    const dir = tempDir('perfgate-pack-');
    const packed = npm(['pack', '--pack-destination', dir, '--silent'], repoRoot);
    expect(packed.err).toBe('');
    expect(packed.status).toBe(0);
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
    expect(tarball).toMatch(/^perfgate-\d+\.\d+\.\d+\.tgz$/);

    const project = join(dir, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true }));
    const installed = npm(['install', '--no-save', join(dir, tarball)], project);
    expect(installed.status).toBe(0);

    const version = npm(['exec', '--offline', '--', 'perfgate', '--version'], project);
    expect(version.status).toBe(0);
    expect(version.out).toBe(`${JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version}\n`);

    const example = join(repoRoot, 'fixtures', 'example');
    const check = npm(
      [
        'exec',
        '--offline',
        '--',
        'perfgate',
        'check',
        '--results',
        join(example, 'results'),
        '--requirements',
        join(example, 'requirements.csv'),
        '-o',
        join(project, 'report'),
      ],
      project,
    );
    expect(check.err).toBe('');
    expect(check.status).toBe(0);
    expect(check.out).toContain('perfgate: PASS: 66 of 66 checks passed');
    expect(readdirSync(join(project, 'report')).sort()).toEqual([
      'checks_interprocess_best_effort.csv',
      'checks_intraprocess_best_effort.csv',
      'comment.md',
      'measurements_interprocess_best_effort_summary.csv',
      'measurements_intraprocess_best_effort_summary.csv',
      'report.json',
      'report.md',
    ]);
  });
});
