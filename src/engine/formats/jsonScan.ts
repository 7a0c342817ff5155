/**
 * What jsonStream.ts uses between the pieces it parses: its states, where a string or a container
 * ends, and the document of what is kept around the streamed container.
 */
import { isJsonObject, type JsonDocument, type JsonPlace, type JsonValue } from './looseJson.js';

export const SPACE = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
/** The characters a bare number or literal runs over (what looseJson's number and literal read or reject). */
export const SCALAR = /[\w.+-]/;

export type State =
  | 'start'
  | 'root-first'
  | 'root-key'
  | 'root-colon'
  | 'root-value'
  | 'root-after'
  | 'stream-first'
  | 'stream-key'
  | 'stream-colon'
  | 'stream-value'
  | 'stream-after'
  | 'end'
  | 'whole';

/** A root-level container being built: the root object, or the streamed container. */
export interface Open {
  kind: 'object' | 'array';
  offset: number;
  place: JsonPlace;
}

/**
 * Past the closing quote of the string at `start`; at a line end, where looseJson stops it with
 * an error; undefined when `s` ends first.
 */
export function stringEnd(s: string, start: number): number | undefined {
  for (let k = start + 1; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c === 34 /* " */ || c === 10) return k + 1;
    if (c === 92 /* \ */) k += s[k + 1] === 'u' ? 5 : 1;
  }
  return undefined;
}

/**
 * Past the bracket that closes the container at `start`, by depth, strings skipped; when `s` ends
 * first, where to go on from (`next`, at `depth`) once more text has come.
 */
export function containerEnd(
  s: string,
  start: number,
  resume: { next: number; depth: number } | undefined,
): { end: number; next?: undefined; depth?: undefined } | { end: undefined; next: number; depth: number } {
  let depth = resume?.depth ?? 0;
  for (let k = resume?.next ?? start; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c === 34 /* " */) {
      const end = stringEnd(s, k);
      if (end === undefined) return { end: undefined, next: k, depth };
      k = end - 1;
    } else if (c === 123 /* { */ || c === 91 /* [ */) depth++;
    else if (c === 125 /* } */ || c === 93 /* ] */) {
      if (--depth === 0) return { end: k + 1 };
    }
  }
  return { end: undefined, next: s.length, depth };
}

/**
 * The document of the root kept around a streamed container: the places of the root, its keys and
 * the streamed container; its members' own documents for what is inside them.
 */
export function documentAround(
  value: JsonValue,
  members: readonly JsonDocument[],
  containers: ReadonlyMap<object, JsonPlace>,
  keys: ReadonlyMap<string, JsonPlace>,
): JsonDocument {
  const start: JsonPlace = { line: 1, column: 1 };
  const inMembers = <T>(ask: (doc: JsonDocument) => T | undefined): T | undefined => {
    for (const doc of members) {
      const found = ask(doc);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const owns = (doc: JsonDocument, container: object): boolean => ownsContainer(doc.value, container);
  return {
    value,
    placeOf: (container) =>
      containers.get(container) ??
      inMembers((doc) => (owns(doc, container) ? doc.placeOf(container) : undefined)) ??
      start,
    placeOfKey: (object, key) =>
      object === value
        ? (keys.get(key) ?? containers.get(object) ?? start)
        : (inMembers((doc) => (owns(doc, object) ? doc.placeOfKey(object, key) : undefined)) ?? start),
    placeOfElement: (array, index) =>
      containers.get(array) ??
      inMembers((doc) => (owns(doc, array) ? doc.placeOfElement(array, index) : undefined)) ??
      start,
  };
}

/** Whether `container` is `value` or inside it. */
function ownsContainer(value: JsonValue, container: object): boolean {
  if (value === container) return true;
  if (Array.isArray(value))
    return value.some((v) => typeof v === 'object' && v !== null && ownsContainer(v, container));
  if (isJsonObject(value))
    return Object.values(value).some((v) => typeof v === 'object' && v !== null && ownsContainer(v, container));
  return false;
}
