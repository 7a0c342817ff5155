/**
 * File names from untrusted experiment names (a hyperfine command, a benchmark name): only
 * letters, digits, `.`, `_` and `-`, never empty or dot-led, so a name cannot leave the report
 * folder or hide a file; names that collide after cleaning get `-2`, `-3`, … in order.
 */
export function safeFileStem(name: string): string {
  let stem = name
    .normalize('NFKC')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[._]+/, '')
    .slice(0, 100);
  if (stem === '') stem = 'experiment';
  return stem;
}

/** A stem per name, unique within the list, stable for the same input order. */
export function uniqueFileStems(names: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const used = new Set<string>();
  for (const name of names) {
    if (out.has(name)) continue;
    const base = safeFileStem(name);
    let stem = base;
    for (let n = 2; used.has(stem.toLowerCase()); n++) stem = `${base}-${n}`;
    used.add(stem.toLowerCase());
    out.set(name, stem);
  }
  return out;
}
