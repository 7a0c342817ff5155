import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './helpers/shared.js';

// action.yml against the rules of GitHub's "Metadata syntax for GitHub Actions" reference, encoded
// here (the tests run offline). GitHub only finds a broken action.yml when a workflow uses the
// action, so a mistake here would reach users first.

type Yaml = string | number | boolean | null | Yaml[] | { [key: string]: Yaml };

/**
 * A strict parser for the YAML subset action.yml uses: block mappings by indentation, plain,
 * 'single' and "double" quoted scalars, `>`/`|` block scalars (with `-`/`+` chomping), and `#`
 * comments. Anything else throws, so the metadata cannot drift into YAML this test misreads.
 * Plain scalars are typed as YAML 1.2 core does: true/false, null/~, numbers, else strings.
 */
function parseYamlSubset(text: string): Yaml {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  const indentOf = (line: string) => line.length - line.trimStart().length;
  const blank = (line: string) => line.trim() === '' || line.trimStart().startsWith('#');
  const fail = (message: string): never => {
    throw new Error(`action.yml line ${i + 1}: ${message}`);
  };

  function scalar(raw: string): Yaml {
    const value = raw.replace(/\s+#.*$/, '').trim();
    if (value.startsWith("'")) {
      if (!/^'(?:[^']|'')*'$/.test(value)) fail(`bad single-quoted scalar ${value}`);
      return value.slice(1, -1).replace(/''/g, "'");
    }
    if (value.startsWith('"')) {
      try {
        return JSON.parse(value) as string;
      } catch {
        return fail(`unsupported double-quoted scalar ${value}`);
      }
    }
    if (/^[[{&*!|>%@`]/.test(value) || value.startsWith('- ')) fail(`unsupported YAML construct ${value}`);
    if (value === 'true' || value === 'false') return value === 'true';
    if (value === 'null' || value === '~' || value === '') return null;
    if (/^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(value)) return Number(value);
    return value;
  }

  function blockScalar(style: string, parentIndent: number): string {
    const folded = style.startsWith('>');
    const chomp = style.includes('-') ? 'strip' : style.includes('+') ? 'keep' : 'clip';
    const body: string[] = [];
    let indent = -1;
    while (i < lines.length) {
      const line = lines[i]!;
      if (line.trim() === '') {
        body.push('');
        i++;
        continue;
      }
      if (indent === -1) indent = indentOf(line);
      if (indentOf(line) < indent || indentOf(line) <= parentIndent) break;
      body.push(line.slice(indent));
      i++;
    }
    let textValue = folded
      ? body.reduce(
          (acc, line, n) => (n === 0 ? line : line === '' || body[n - 1] === '' ? `${acc}\n${line}` : `${acc} ${line}`),
          '',
        )
      : body.join('\n');
    if (chomp === 'strip') textValue = textValue.replace(/\n+$/, '');
    else if (chomp === 'clip') textValue = textValue.replace(/\n*$/, '\n');
    return textValue;
  }

  function mapping(indent: number): { [key: string]: Yaml } {
    const map: { [key: string]: Yaml } = {};
    while (i < lines.length) {
      const line = lines[i]!;
      if (blank(line)) {
        i++;
        continue;
      }
      const at = indentOf(line);
      if (at < indent) break;
      if (at > indent) fail('unexpected indentation');
      if (line.includes('\t')) fail('tab in indentation');
      const match = /^\s*([A-Za-z0-9_-]+):(?:\s+(.*))?$/.exec(line);
      if (!match) fail(`not a "key: value" line: ${line.trim()}`);
      const [, key, rest] = match!;
      if (Object.hasOwn(map, key!)) fail(`duplicate key ${key}`);
      i++;
      const value = (rest ?? '').replace(/^#.*$/, '').trim();
      if (/^[>|][-+]?$/.test(value)) map[key!] = blockScalar(value, at);
      else if (value === '') {
        let next = i;
        while (next < lines.length && blank(lines[next]!)) next++;
        map[key!] =
          next < lines.length && indentOf(lines[next]!) > at ? ((i = next), mapping(indentOf(lines[next]!))) : null;
      } else map[key!] = scalar(value);
    }
    return map;
  }

  const root = mapping(0);
  if (i < lines.length) fail('trailing content');
  return root;
}

// https://docs.github.com/en/actions/reference/workflows-and-actions/metadata-syntax
const TOP_LEVEL = ['name', 'author', 'description', 'inputs', 'outputs', 'runs', 'branding'];
const INPUT_KEYS = ['description', 'required', 'default', 'deprecationMessage'];
const ID = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const RUNS_KEYS: Record<string, string[]> = {
  node20: ['using', 'main', 'pre', 'pre-if', 'post', 'post-if'],
  node24: ['using', 'main', 'pre', 'pre-if', 'post', 'post-if'],
  docker: ['using', 'image', 'env', 'args', 'entrypoint', 'pre-entrypoint', 'pre-if', 'post-entrypoint', 'post-if'],
  composite: ['using', 'steps'],
};
const COLORS = ['white', 'black', 'yellow', 'blue', 'green', 'orange', 'red', 'purple', 'gray-dark'];
// Feather icons GitHub does not offer for branding (the docs list the rest).
const EXCLUDED_ICONS = [
  'coffee',
  'columns',
  'divide-circle',
  'divide-square',
  'divide',
  'frown',
  'hexagon',
  'key',
  'meh',
  'mouse-pointer',
  'smile',
  'tool',
  'x-octagon',
];

/** Everything wrong with an action's metadata; `exists` tells whether a path is in the repository. */
function metadataProblems(doc: Yaml, exists: (path: string) => boolean): string[] {
  const problems: string[] = [];
  const isMap = (v: Yaml | undefined): v is { [key: string]: Yaml } =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  const text = (v: Yaml | undefined) => typeof v === 'string' && v.trim() !== '';
  const unknown = (where: string, map: { [key: string]: Yaml }, allowed: string[]) => {
    for (const key of Object.keys(map)) if (!allowed.includes(key)) problems.push(`${where}: unknown key "${key}"`);
  };
  if (!isMap(doc)) return ['the document is not a mapping'];
  unknown('top level', doc, TOP_LEVEL);
  if (!text(doc['name'])) problems.push('name: required, a non-empty string');
  if (!text(doc['description'])) problems.push('description: required, a non-empty string');
  // The Marketplace rejects a description of 125 characters or more.
  else if ([...(doc['description'] as string)].length >= 125)
    problems.push(
      `description: ${[...(doc['description'] as string)].length} characters; the Marketplace takes at most 124`,
    );
  if (doc['author'] !== undefined && typeof doc['author'] !== 'string') problems.push('author: must be a string');

  const ids = new Set<string>();
  if (doc['inputs'] !== undefined) {
    if (!isMap(doc['inputs'])) problems.push('inputs: must be a mapping');
    else
      for (const [id, input] of Object.entries(doc['inputs'])) {
        const where = `inputs.${id}`;
        if (!ID.test(id))
          problems.push(`${where}: the id must start with a letter or _ and hold only letters, digits, - and _`);
        // The runner passes inputs as INPUT_<ID upper-cased>: ids differing only in case collide.
        if (ids.has(id.toLowerCase())) problems.push(`${where}: the id collides with another one ignoring case`);
        ids.add(id.toLowerCase());
        if (!isMap(input)) {
          problems.push(`${where}: must be a mapping`);
          continue;
        }
        unknown(where, input, INPUT_KEYS);
        if (!text(input['description'])) problems.push(`${where}.description: required, a non-empty string`);
        if (input['required'] !== undefined && typeof input['required'] !== 'boolean')
          problems.push(`${where}.required: must be true or false`);
        if (input['default'] !== undefined && typeof input['default'] !== 'string')
          problems.push(`${where}.default: must be a string (quote it: '${String(input['default'])}')`);
        if (input['deprecationMessage'] !== undefined && typeof input['deprecationMessage'] !== 'string')
          problems.push(`${where}.deprecationMessage: must be a string`);
      }
  }
  const using = isMap(doc['runs']) ? doc['runs']['using'] : undefined;
  if (doc['outputs'] !== undefined) {
    if (!isMap(doc['outputs'])) problems.push('outputs: must be a mapping');
    else
      for (const [id, output] of Object.entries(doc['outputs'])) {
        const where = `outputs.${id}`;
        if (!ID.test(id))
          problems.push(`${where}: the id must start with a letter or _ and hold only letters, digits, - and _`);
        if (!isMap(output)) {
          problems.push(`${where}: must be a mapping`);
          continue;
        }
        // Only composite actions map an output to a value; JavaScript actions set it at run time.
        unknown(where, output, using === 'composite' ? ['description', 'value'] : ['description']);
        if (!text(output['description'])) problems.push(`${where}.description: required, a non-empty string`);
        if (using === 'composite' && !text(output['value']))
          problems.push(`${where}.value: required in a composite action`);
      }
  }
  if (!isMap(doc['runs'])) problems.push('runs: required, a mapping');
  else if (typeof using !== 'string' || !(using in RUNS_KEYS))
    problems.push(`runs.using: must be one of ${Object.keys(RUNS_KEYS).join(', ')}; got ${JSON.stringify(using)}`);
  else {
    const runs = doc['runs'];
    unknown('runs', runs, RUNS_KEYS[using]!);
    if (using.startsWith('node')) {
      for (const key of ['main', 'pre', 'post']) {
        const file = runs[key];
        if (file === undefined && key !== 'main') continue;
        if (!text(file))
          problems.push(`runs.${key}: ${key === 'main' ? 'required, ' : ''}the path of a JavaScript file`);
        else if (!exists(file as string)) problems.push(`runs.${key}: ${String(file)} is not in the repository`);
      }
    }
    if (using === 'docker' && !text(runs['image'])) problems.push('runs.image: required for a docker action');
    if (using === 'composite' && !Array.isArray(runs['steps']))
      problems.push('runs.steps: required for a composite action');
  }
  if (doc['branding'] !== undefined) {
    const branding = doc['branding'];
    if (!isMap(branding)) problems.push('branding: must be a mapping');
    else {
      unknown('branding', branding, ['icon', 'color']);
      const icon = branding['icon'];
      if (
        icon !== undefined &&
        (typeof icon !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(icon) || EXCLUDED_ICONS.includes(icon))
      )
        problems.push(`branding.icon: ${JSON.stringify(icon)} is not a Feather icon GitHub offers`);
      const color = branding['color'];
      if (color !== undefined && (typeof color !== 'string' || !COLORS.includes(color)))
        problems.push(`branding.color: must be one of ${COLORS.join(', ')}; got ${JSON.stringify(color)}`);
    }
  }
  return problems;
}

const inRepo = (path: string) => !path.includes('..') && existsSync(join(repoRoot, path));

describe("action.yml follows GitHub's metadata syntax", () => {
  const doc = parseYamlSubset(readFileSync(join(repoRoot, 'action.yml'), 'utf8'));

  test('no problems: required keys, input and output fields and types, runs, branding', () => {
    expect(metadataProblems(doc, inRepo)).toEqual([]);
  });

  test('the parse is the one GitHub makes of it', () => {
    const d = doc as any;
    expect(d.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
    expect(d.inputs['history-window'].default).toBe('30');
    expect(d.inputs['fail-on-regression'].default).toBe('true');
    expect(d.inputs['github-token'].default).toBe('${{ github.token }}');
    expect(d.inputs['comment-author'].default).toBe('github-actions[bot]');
    expect(d.inputs.mode).toMatchObject({ required: false, default: 'gate' });
    // A folded scalar is one line: the runner shows it as the input's help.
    expect(d.inputs.results.description).not.toContain('\n');
    expect(Object.keys(d.outputs)).toContain('pull-request');
  });

  test('the rules are real: each broken document gives its problem', () => {
    const base = 'name: x\ndescription: y\nruns:\n  using: node24\n  main: dist/index.js\n';
    const check = (yaml: string) => metadataProblems(parseYamlSubset(yaml), inRepo);
    expect(check(base.replace('description: y', `description: ${'d'.repeat(125)}`))).toEqual([
      'description: 125 characters; the Marketplace takes at most 124',
    ]);
    expect(check(base.replace('description: y', `description: ${'d'.repeat(124)}`))).toEqual([]);
    expect(check(base)).toEqual([]);
    expect(check('description: y\nruns:\n  using: node16\n  main: dist/index.js\nextra: 1\n')).toEqual([
      'top level: unknown key "extra"',
      'name: required, a non-empty string',
      'runs.using: must be one of node20, node24, docker, composite; got "node16"',
    ]);
    expect(check(base.replace('dist/index.js', 'dist/missing.js'))).toEqual([
      'runs.main: dist/missing.js is not in the repository',
    ]);
    expect(
      check(
        `${base}inputs:\n  count:\n    default: 30\n    required: 'no'\n    descripton: typo\n  1st:\n    description: z\n`,
      ),
    ).toEqual([
      'inputs.count: unknown key "descripton"',
      'inputs.count.description: required, a non-empty string',
      'inputs.count.required: must be true or false',
      "inputs.count.default: must be a string (quote it: '30')",
      'inputs.1st: the id must start with a letter or _ and hold only letters, digits, - and _',
    ]);
    expect(check(`${base}outputs:\n  verdict:\n    value: pass\n`)).toEqual([
      'outputs.verdict: unknown key "value"',
      'outputs.verdict.description: required, a non-empty string',
    ]);
    expect(check(`${base}branding:\n  icon: smile\n  color: pink\n`)).toEqual([
      'branding.icon: "smile" is not a Feather icon GitHub offers',
      'branding.color: must be one of white, black, yellow, blue, green, orange, red, purple, gray-dark; got "pink"',
    ]);
    expect(() => parseYamlSubset('name: [a, b]\n')).toThrow(/unsupported YAML construct/);
    expect(() => parseYamlSubset('name: a\nname: b\n')).toThrow(/duplicate key name/);
  });
});
