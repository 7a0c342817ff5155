/**
 * A page's chart specs with what they share stored once (issue 47): every chart of an experiment page repeats the
 * same axes, marks, transforms, tooltips and config, which were most of a 10,000-benchmark site's bytes. A part (an
 * object or a list, not a whole spec) of at least MIN_SHARED_CHARS characters that the page's specs hold more than
 * once is kept in `shared` and stands as `{ "$shared": k }` where it was; the page's script puts each back before
 * drawing (`wholeSpecScript`). The first occurrences, outermost first, number the parts: same specs, same bytes.
 */

/** The key of a shared part's stand-in; no spec names a field so. */
export const SHARED_KEY = '$shared';
/** Parts shorter than this stay where they are: a stand-in is 12 characters. */
export const MIN_SHARED_CHARS = 48;

export interface SharedSpecs {
  shared: unknown[];
  charts: unknown[];
}

function isPart(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function children(value: object): unknown[] {
  return Array.isArray(value) ? value : Object.values(value);
}

/** The specs with each part they hold more than once stored once, in `shared`. */
export function shareParts(specs: readonly unknown[]): SharedSpecs {
  const counts = new Map<string, number>();
  const count = (value: unknown): void => {
    if (!isPart(value)) return;
    const text = JSON.stringify(value);
    if (text.length >= MIN_SHARED_CHARS) counts.set(text, (counts.get(text) ?? 0) + 1);
    children(value).forEach(count);
  };
  for (const spec of specs) if (isPart(spec)) children(spec).forEach(count);
  const shared: unknown[] = [];
  const index = new Map<string, number>();
  const rebuild = (value: unknown): unknown => {
    if (!isPart(value)) return value;
    const text = JSON.stringify(value);
    if ((counts.get(text) ?? 0) > 1) {
      let k = index.get(text);
      if (k === undefined) {
        k = shared.length;
        shared.push(value);
        index.set(text, k);
      }
      return { [SHARED_KEY]: k };
    }
    return inner(value);
  };
  const inner = (value: object): unknown =>
    Array.isArray(value)
      ? value.map(rebuild)
      : Object.fromEntries(Object.entries(value).map(([key, v]) => [key, rebuild(v)]));
  return { shared, charts: specs.map((spec) => (isPart(spec) ? inner(spec) : spec)) };
}

/**
 * The page script's `whole(spec)`: each stand-in replaced by its part (copied, so that no two drawn specs share an
 * object), given `shared` in scope.
 */
export const WHOLE_SPEC_SCRIPT =
  'function whole(v) { if (Array.isArray(v)) return v.map(whole); if (v === null || typeof v !== "object") return v; ' +
  `if (typeof v["${SHARED_KEY}"] === "number" && Object.keys(v).length === 1) return whole(shared[v["${SHARED_KEY}"]]); ` +
  'var o = {}; Object.keys(v).forEach(function (k) { o[k] = whole(v[k]); }); return o; }';

/** The key of a stand-in for a part of the site's file (data/pages.js); no spec names a field so. */
export const SITE_KEY = '$site';

/**
 * What a site's experiment pages share (issue 47): the same axes, marks and config on every page of a metric, 2 KB a
 * page. A page's shared part that an earlier page held too is kept once in the site's file, `parts`, and stands in the
 * page's `shared` as `{ "$site": k }`; the first page that holds a part keeps it, so the file holds only parts of two
 * pages or more. Pages are given in the order they are written: same pages, same bytes.
 */
export class SiteParts {
  readonly parts: unknown[] = [];
  private readonly index = new Map<string, number>();
  private readonly once = new Set<string>();

  /** A page's shared parts (`shareParts`), those an earlier page held standing for the site's. */
  of(shared: readonly unknown[]): unknown[] {
    return shared.map((part) => {
      const text = JSON.stringify(part);
      let k = this.index.get(text);
      if (k === undefined) {
        if (!this.once.has(text)) {
          this.once.add(text);
          return part;
        }
        this.once.delete(text);
        k = this.parts.length;
        this.parts.push(part);
        this.index.set(text, k);
      }
      return { [SITE_KEY]: k };
    });
  }
}

/** The page script's `siteParts(shared, parts)`: each stand-in of `shared` replaced by the site's part. */
export const SITE_PARTS_SCRIPT =
  'function siteParts(shared, parts) { return shared.map(function (p) { ' +
  `return p !== null && typeof p === "object" && typeof p["${SITE_KEY}"] === "number" && Object.keys(p).length === 1 ? parts[p["${SITE_KEY}"]] : p; }); }`;
