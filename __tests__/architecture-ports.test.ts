/**
 * The action is a function of its ports (docs/architecture.md): only process.ts, which makes the real ports, touches
 * the process, @actions/core, the real environment, the system's timers, the global fetch and the libraries that read
 * the process when loaded; the rest of src/action/ reads and writes its files through the files port (rooted at the
 * run's working directory), waits on the clock port and reaches GitHub through the GitHub port. Every port is
 * required, and dist/index.js reads no PERFGATE_ variable. Drawn from the source and the bundle, so the doc stays true.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ACTION = join(ROOT, 'src', 'action');
const PIPELINE = join(ROOT, 'src', 'pipeline');
/** The one file that reads the real process's facts. */
const ENTRY = 'process.ts';

function actionFiles(folder = ACTION): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return actionFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The code of a file without its comments (a comment may name what the code must not use). */
function code(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** A file's code without its import and export-from lines: what it uses, not what it names. */
function usesOf(path: string): string {
  return code(path).replace(/^(import|export)\b[^;]*from\s+['"][^'"]+['"];?/gm, '');
}

/**
 * The files of src/pipeline and src/action that may import node:fs (a type-only import reaches nothing), each with why:
 * every other file reads, lists and writes through a run's files port (`Files`, rooted at its working directory).
 */
const FILE_SYSTEM_ALLOWED = new Map([
  ['src/pipeline/rootedFiles.ts', "the files port: every relative path taken from the run's working directory"],
  ['src/pipeline/files.ts', 'the real helpers the port is made of (a file written whole, special files refused)'],
  ['src/pipeline/shell.ts', "the real shell port: opens the child's stdout file, an absolute path it is given"],
]);

/** Whether code imports node:fs (or fs, or their promises) for more than its types. */
function readsFileSystem(text: string): boolean {
  return (
    /^import\s+(?!type\b)[^;]*from\s+['"](node:)?fs(\/promises)?['"]/m.test(text) ||
    /\bimport\(\s*['"](node:)?fs(\/promises)?['"]\s*\)/.test(text) ||
    /\brequire\(\s*['"](node:)?fs(\/promises)?['"]\s*\)/.test(text)
  );
}

/** The error helpers of pipeline/files.ts touch no file; every other helper does, on the path it is given. */
const PURE_FILE_HELPERS = new Set(['cannotRead', 'specialFileKind']);

/** Whether code imports a helper of pipeline/files.ts that touches the file system. */
function importsFileHelpers(text: string): boolean {
  return [...text.matchAll(/^import\s+(?!type\b)\{([^}]*)\}\s*from\s+['"](\.\.?\/)+(pipeline\/)?files\.js['"]/gm)].some(
    ([, names]) =>
      names!
        .split(',')
        .map((name) => name.trim())
        .some((name) => name !== '' && !name.startsWith('type ') && !PURE_FILE_HELPERS.has(name)),
  );
}

/**
 * Whether code calls node:path's resolve from anything but the run's root (`files.root`): resolve starts at the
 * process's working directory when its first argument is relative.
 */
function resolvesFromTheProcess(text: string): boolean {
  if (!/^import\s+\{[^}]*\bresolve\b[^}]*\}\s*from\s+['"](node:)?path['"]/m.test(text)) return false;
  return [...text.matchAll(/(?<![.\w])resolve\(\s*([^,)]*)/g)].some(([, first]) => first!.trim() !== 'files.root');
}

/** What a file reaches that only the entry point may: each as `file: what`. */
function outsideThePorts(file: string, text: string): string[] {
  const found: string[] = [];
  const rules: [RegExp, string][] = [
    [/\bprocess\s*\.\s*(env|exitCode|exit|stdout|stderr|cwd|chdir|argv)\b/, 'the process'],
    [/from\s+['"]@actions\/core['"]|import\(\s*['"]@actions\/core['"]\s*\)/, '@actions/core'],
    [/from\s+['"](node:)?fs(\/promises)?['"]/, 'node:fs (files go through pipeline/)'],
    [
      /\b(setTimeout|setInterval|Date\.now|performance\.now)\s*\(|AbortSignal\.timeout\b/,
      'a timer or time (the clock port)',
    ],
    [/(^|[^.\w])fetch\s*\(|globalThis\.fetch\b/, 'the global fetch (the GitHub port)'],
    [/PERFGATE_[A-Z_]+/, 'a PERFGATE_ variable'],
    // The run's files go through its files port (context.files), rooted at its working directory.
    [/^import\s+(?!type\b)[^;]*from\s+['"](\.\.\/)+pipeline\/files\.js['"]/m, 'the file helpers (the files port)'],
    // Each reads the process when loaded (the event file, proxy settings, the runtime's variables): never a static import.
    [/from\s+['"]@actions\/(github|artifact)['"]/, 'a library that reads the process when loaded'],
  ];
  for (const [pattern, what] of rules) if (pattern.test(text)) found.push(`${file}: ${what}`);
  return found;
}

describe('the action is a function of its ports', () => {
  const files = actionFiles();

  it('finds the action', () => {
    expect(files.length).toBeGreaterThan(25);
    expect(files.map((f) => relative(ACTION, f))).toContain(ENTRY);
  });

  it('touches the process, @actions/core and the file system only in its entry point', () => {
    const found = files
      .filter((file) => relative(ACTION, file) !== ENTRY)
      .flatMap((file) => outsideThePorts(relative(ACTION, file), code(file)));
    expect(found).toEqual([]);
  });

  it('the entry point does make the ports from the process and @actions/core', () => {
    const found = outsideThePorts(ENTRY, code(join(ACTION, ENTRY)));
    expect(found).toContain(`${ENTRY}: the process`);
    expect(found).toContain(`${ENTRY}: @actions/core`);
  });

  it('the pipeline reaches the file system only through the files port and the real helpers it is made of', () => {
    const pipeline = actionFiles(PIPELINE);
    const found = [...files, ...pipeline]
      .filter((file) => !FILE_SYSTEM_ALLOWED.has(relative(ROOT, file)) && file !== join(ACTION, ENTRY))
      .filter((file) => readsFileSystem(code(file)))
      .map((file) => relative(ROOT, file));
    expect(found).toEqual([]);
    // Each file allowed still does (an allow-list of files that no longer need it would hide the next one).
    for (const file of FILE_SYSTEM_ALLOWED.keys())
      expect([file, readsFileSystem(code(join(ROOT, file)))]).toEqual([file, true]);
    // The file helpers take a path as the file system is given it: only the port calls them on a run's paths.
    const helpers = pipeline
      .filter((file) => !['files.ts', 'rootedFiles.ts'].includes(relative(PIPELINE, file)))
      .filter((file) => importsFileHelpers(code(file)))
      .map((file) => relative(ROOT, file));
    expect(helpers).toEqual([]);
  });

  it("the pipeline and the action resolve a path only from the run's root: node:path's resolve never reads the cwd", () => {
    const found = [...files, ...actionFiles(PIPELINE)]
      .filter((file) => resolvesFromTheProcess(code(file)))
      .map((file) => relative(ROOT, file));
    expect(found).toEqual([]);
    expect(resolvesFromTheProcess("import { resolve } from 'node:path';\nconst full = resolve(folder);")).toBe(true);
    expect(resolvesFromTheProcess("import { join, resolve } from 'node:path';\nresolve(runs, 'base');")).toBe(true);
    expect(resolvesFromTheProcess("import { resolve } from 'node:path';\nresolve(files.root, folder);")).toBe(false);
    expect(resolvesFromTheProcess('new Promise((resolve) => resolve(run));')).toBe(false);
  });

  it('the CLI reads its working directory only in its entry, run.ts, once', () => {
    const cli = actionFiles(join(ROOT, 'src', 'cli'));
    const found = cli
      .filter((file) => /\bprocess\s*\.\s*(cwd|chdir)\b/.test(code(file)))
      .map((file) => relative(ROOT, file));
    expect(found).toEqual(['src/cli/run.ts']);
    expect(code(join(ROOT, 'src', 'cli', 'run.ts')).match(/process\.cwd\(\)/g)).toHaveLength(1);
    expect(code(join(ROOT, 'src', 'cli', 'run.ts'))).toMatch(/rootedFiles\(process\.cwd\(\)\)/);
  });

  it('the file-system guard catches each kind of reach', () => {
    expect(readsFileSystem("import { existsSync } from 'node:fs';")).toBe(true);
    expect(readsFileSystem("import { readFile } from 'node:fs/promises';")).toBe(true);
    expect(readsFileSystem("import * as fs from 'fs';")).toBe(true);
    expect(readsFileSystem("const fs = await import('node:fs');")).toBe(true);
    expect(readsFileSystem("import type { Stats } from 'node:fs';")).toBe(false);
    expect(readsFileSystem("import { join } from 'node:path';")).toBe(false);
    expect(importsFileHelpers("import { readText, writeFileAtomic } from './files.js';")).toBe(true);
    expect(importsFileHelpers("import { cannotRead, specialFileKind } from './files.js';")).toBe(false);
    expect(importsFileHelpers("import type { ReportWriter } from './files.js';")).toBe(false);
  });

  it('neither the action nor the pipeline reads or changes the working directory, but process.ts', () => {
    const pipeline = actionFiles(PIPELINE);
    expect(pipeline.map((f) => relative(PIPELINE, f))).toContain('rootedFiles.ts');
    const found = [...files, ...pipeline]
      .filter((file) => file !== join(ACTION, ENTRY))
      .filter((file) => /\bprocess\s*\.\s*(cwd|chdir)\b|\bchdir\s*\(/.test(code(file)))
      .map((file) => relative(ROOT, file));
    expect(found).toEqual([]);
    expect(code(join(ACTION, ENTRY))).toMatch(/rootedFiles\(process\.cwd\(\)\)/);
  });

  it('every port is required: none falls back to a real one by itself', () => {
    const ports = code(join(ACTION, 'ports.ts'));
    const body = /export interface ActionPorts \{([^}]*)\}/.exec(ports)?.[1] ?? '';
    const fields = [...body.matchAll(/^\s*(\w+)(\??):/gm)].map(([, name, optional]) => `${name}${optional}`);
    expect(fields).toEqual(['env', 'out', 'clock', 'shell', 'github', 'files', 'artifacts']);
    // The real ones are made only in process.ts.
    const real = files
      .filter((file) => file !== join(ACTION, ENTRY))
      .filter((file) => /\b(systemClock|systemConfirmPorts|rootedFiles)\b/.test(usesOf(file)))
      .map((file) => relative(ACTION, file));
    expect(real).toEqual([]);
  });

  it('dist/index.js and the action it loads read no PERFGATE_ timing variable (the process tests have their own entry)', () => {
    for (const bundle of ['index.js', 'action-main.js']) {
      const text = readFileSync(join(ROOT, 'dist', bundle), 'utf8');
      expect([bundle, text.match(/PERFGATE_[A-Z_]+/g) ?? []]).toEqual([bundle, []]);
    }
    expect(readFileSync(join(ROOT, 'dist', 'index.js'), 'utf8')).toContain('./action-main.js');
  });

  it('catches each kind of reach past the ports', () => {
    expect(outsideThePorts('x.ts', "const token = process.env['GITHUB_TOKEN'];")).toEqual(['x.ts: the process']);
    expect(outsideThePorts('x.ts', 'process.exitCode = 1;')).toEqual(['x.ts: the process']);
    expect(outsideThePorts('x.ts', "import * as core from '@actions/core';")).toEqual(['x.ts: @actions/core']);
    expect(outsideThePorts('x.ts', "import { existsSync } from 'node:fs';")).toEqual([
      'x.ts: node:fs (files go through pipeline/)',
    ]);
    expect(outsideThePorts('x.ts', "import { readFile } from 'fs/promises';")).toHaveLength(1);
    expect(outsideThePorts('x.ts', 'setTimeout(done, 10);')).toEqual(['x.ts: a timer or time (the clock port)']);
    expect(outsideThePorts('x.ts', 'const signal = AbortSignal.timeout(30_000);')).toHaveLength(1);
    expect(outsideThePorts('x.ts', 'const started = Date.now();')).toHaveLength(1);
    expect(outsideThePorts('x.ts', 'await fetch(url);')).toEqual(['x.ts: the global fetch (the GitHub port)']);
    expect(outsideThePorts('x.ts', 'await session.fetch(url);')).toEqual([]);
    expect(outsideThePorts('x.ts', "import { getOctokit } from '@actions/github';")).toEqual([
      'x.ts: a library that reads the process when loaded',
    ]);
    expect(outsideThePorts('x.ts', "const { DefaultArtifactClient } = await import('@actions/artifact');")).toEqual([]);
    expect(outsideThePorts('x.ts', "const base = env['PERFGATE_RETRY_BASE_MS'];")).toEqual([
      'x.ts: a PERFGATE_ variable',
    ]);
    expect(outsideThePorts('x.ts', "import { readText } from '../pipeline/files.js';")).toEqual([
      'x.ts: the file helpers (the files port)',
    ]);
    expect(outsideThePorts('x.ts', "import type { ReportWriter } from '../../pipeline/files.js';")).toEqual([]);
    expect(outsideThePorts('x.ts', code(join(ACTION, 'context.ts')))).toEqual([]);
  });
});
