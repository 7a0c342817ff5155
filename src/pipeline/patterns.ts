/** How the action and the CLI take lists of result paths and patterns. */

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
