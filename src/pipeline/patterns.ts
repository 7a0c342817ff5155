/**
 * How the action and the CLI take lists of result paths and patterns, and the label a path or
 * pattern gives the results it names.
 */

/**
 * Patterns are given one per line or separated by commas; a comma inside `{…}` belongs to a
 * brace pattern such as `measurements_{inter,intra}process_*.csv`.
 */
export function splitPatterns(text: string): string[] {
  const patterns: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of text) {
    if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
    if (c === '\n' || c === '\r' || (c === ',' && depth === 0)) {
      patterns.push(current);
      current = '';
    } else current += c;
  }
  patterns.push(current);
  return patterns.map((p) => p.trim()).filter((p) => p !== '');
}

/**
 * The label the reference derives from a folder argument: its base name, one trailing `/` removed.
 * A glob is labelled by its folder, the last segment before the first one with glob characters
 * (`results/**` → `results`, `target/criterion/**\/new/estimates.json` → `criterion`), never `**`.
 */
export function labelOfPath(path: string): string {
  const segments = path.split('/');
  const glob = segments.findIndex((s) => /[*?[\]{}]/.test(s));
  if (glob >= 0)
    return (
      segments
        .slice(0, glob)
        .filter((s) => s !== '' && s !== '.')
        .pop() ?? 'results'
    );
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}
