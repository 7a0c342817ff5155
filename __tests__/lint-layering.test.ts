/**
 * The layering rule of eslint.config.js fires: src/engine may not import Node built-ins, the GitHub
 * toolkit or the outer layers (src/pipeline, src/action, src/cli, src/render). ESLint's Node API
 * lints source text as if it lived at a path under src/, so no file is written into the tree.
 */
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { repoRoot } from './helpers/shared.js';

const LAYERING = 'no-restricted-imports';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

/** The rule ids and messages ESLint reports for `code` at `path` (relative to the repository). */
async function lint(path: string, code: string): Promise<{ ruleId: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, path) });
  return (result?.messages ?? []).map((m) => ({ ruleId: m.ruleId, message: m.message }));
}

const layeringErrors = async (path: string, code: string) =>
  (await lint(path, code)).filter((m) => m.ruleId === LAYERING);

describe('eslint: src/engine stays pure', () => {
  test.each([
    [
      'src/engine/formats/probe.ts',
      "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
      /no Node built-ins/,
    ],
    [
      'src/engine/probe.ts',
      "import { join } from 'path';\nexport const j = join;\n",
      /no Node built-ins \(bare names included\)/,
    ],
    ['src/engine/report/probe.ts', "export { readFile } from 'fs/promises';\n", /no Node built-ins/],
    ['src/engine/check/probe.ts', "import * as core from '@actions/core';\nexport const c = core;\n", /GitHub toolkit/],
    [
      'src/engine/compare/probe.ts',
      "import { runCompare } from '../../pipeline/compare.js';\nexport const r = runCompare;\n",
      /src\/pipeline/,
    ],
    ['src/engine/probe.ts', "import type { Console } from '../cli/main.js';\nexport type C = Console;\n", /src\/cli/],
    [
      'src/engine/charts/probe.ts',
      "import { renderCharts } from '../../render/index.js';\nexport const r = renderCharts;\n",
      /src\/render/,
    ],
    [
      'src/engine/model/probe.ts',
      "import { run } from '../../action/main.js';\nexport const r = run;\n",
      /src\/action/,
    ],
  ])('%s: %j is an error', async (path, code, message) => {
    const errors = await layeringErrors(path, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(message);
  });

  test.each([
    [
      'src/engine/stats/probe.ts',
      "import { studentTCdf } from '../compare/noise.js';\nexport const c = studentTCdf;\n",
    ],
    [
      'src/engine/model/probe.ts',
      "import { primaryStatistic } from '../check/metricCheck.js';\nexport const p = primaryStatistic;\n",
    ],
    ['src/engine/model/probe.ts', "export { compareExperiment } from '../compare/compare.js';\n"],
    [
      'src/engine/numeric/probe.ts',
      "import type { ComparisonRow } from '../report/check/model.js';\nexport type R = ComparisonRow;\n",
    ],
    ['src/engine/stats/probe.ts', "import { summarize } from '../summarize.js';\nexport const s = summarize;\n"],
  ])('inside the engine, %s: %j runs back up and is an error', async (path, code) => {
    const errors = await layeringErrors(path, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/model, stats and numeric are the ground floor/);
  });

  test('the ground floor may import itself, errors.ts and text/; the rooms above may import it', async () => {
    expect(
      await lint(
        'src/engine/stats/probe.ts',
        "import type { Direction } from '../model/measurement.js';\nimport { medianOfSorted } from './median.js';\nimport { InputError } from '../errors.js';\nexport type D = Direction;\nexport const x = [medianOfSorted, InputError];\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'src/engine/numeric/probe.ts',
        "import { median } from '../stats/median.js';\nexport const m = median;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'src/engine/compare/probe.ts',
        "import { studentTCdf } from '../stats/studentT.js';\nexport const c = studentTCdf;\n",
      ),
    ).toEqual([]);
  });

  test('process, Buffer and import() are errors in src/engine too', async () => {
    const messages = await lint(
      'src/engine/formats/probe.ts',
      "export const env = () => process.env['X'];\nexport const b = () => Buffer.from('x');\nexport const load = () => import('./adapter.js');\n",
    );
    expect(messages.map((m) => m.ruleId).sort()).toEqual([
      'no-restricted-globals',
      'no-restricted-globals',
      'no-restricted-syntax',
    ]);
  });

  test('the engine may import itself, src/engine/charts included, and pure packages', async () => {
    expect(
      await lint(
        'src/engine/report/probe.ts',
        "import { parseUnit } from '../model/units.js';\nimport { PALETTE } from '../charts/palette.js';\nexport const x = [parseUnit, PALETTE];\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'src/engine/probe.ts',
        "import { parse } from 'csv-parse/sync';\nimport { InputError } from './errors.js';\nexport const x = [parse, InputError];\n",
      ),
    ).toEqual([]);
  });

  test('the outer layers may use Node and the toolkit', async () => {
    expect(
      await layeringErrors(
        'src/pipeline/probe.ts',
        "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
      ),
    ).toEqual([]);
    expect(
      await layeringErrors('src/action/probe.ts', "import * as core from '@actions/core';\nexport const c = core;\n"),
    ).toEqual([]);
  });
});
