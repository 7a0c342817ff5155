import { InputError } from '../errors.js';
import { impossibleValue, valueText, type ValueOf } from '../model/validity.js';
import type { JsonArray, JsonDocument, JsonObject, JsonPlace, JsonValue } from './looseJson.js';

/** Reads typed fields of an object, throwing InputError at the field's place when the type is wrong. */
export class JsonFields {
  constructor(
    readonly file: string,
    readonly doc: JsonDocument,
  ) {}

  error(message: string, object: JsonObject | JsonArray, key?: string | number): InputError {
    let place: JsonPlace;
    if (key === undefined) place = this.doc.placeOf(object);
    else if (typeof key === 'number') place = this.doc.placeOfElement(object as JsonArray, key);
    else place = this.doc.placeOfKey(object as JsonObject, key);
    return new InputError(message, { file: this.file, ...place });
  }

  /** A number field; undefined when absent (or null with `nullable`). */
  number(
    object: JsonObject,
    key: string,
    options: { required?: boolean; nullable?: boolean; what?: string } = {},
  ): number | undefined {
    const value = object[key];
    if (value === undefined || (value === null && options.nullable)) {
      if (options.required) throw this.error(`${options.what ?? 'the object'} has no "${key}"`, object);
      return undefined;
    }
    if (typeof value !== 'number')
      throw this.error(`expected a number for "${key}", found ${describeJson(value)}`, object, key);
    return value;
  }

  /**
   * A measured value: a number field that must be possible for its metric's dimension and its
   * statistic (the table in model/validity.ts); an impossible one is an error at the field.
   */
  measured(
    object: JsonObject,
    key: string,
    kind: ValueOf,
    options: { required?: boolean; nullable?: boolean; what?: string } = {},
  ): number | undefined {
    const value = this.number(object, key, options);
    if (value === undefined) return undefined;
    const reason = impossibleValue(kind, value);
    if (reason !== undefined)
      throw this.error(`"${key}" is ${valueText(value)}, which is impossible: ${reason}`, object, key);
    return value;
  }

  /** An array of measured values (raw samples), each possible as `kind`; undefined when absent or null. */
  measuredArray(object: JsonObject, key: string, kind: ValueOf): number[] | undefined {
    const values = this.numbers(object, key);
    values?.forEach((v, index) => {
      const reason = impossibleValue(kind, v);
      if (reason !== undefined)
        throw this.error(
          `a value in "${key}" is ${valueText(v)}, which is impossible: ${reason}`,
          object[key] as JsonArray,
          index,
        );
    });
    return values;
  }

  string(object: JsonObject, key: string, options: { required?: boolean; what?: string } = {}): string | undefined {
    const value = object[key];
    if (value === undefined) {
      if (options.required) throw this.error(`${options.what ?? 'the object'} has no "${key}"`, object);
      return undefined;
    }
    if (typeof value !== 'string')
      throw this.error(`expected a string for "${key}", found ${describeJson(value)}`, object, key);
    return value;
  }

  /** An array of numbers; undefined when absent or null. */
  numbers(object: JsonObject, key: string): number[] | undefined {
    const value = object[key];
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value))
      throw this.error(`expected an array of numbers for "${key}", found ${describeJson(value)}`, object, key);
    value.forEach((v, index) => {
      if (typeof v !== 'number')
        throw this.error(`expected a number in "${key}", found ${describeJson(v)}`, value, index);
    });
    return value as number[];
  }
}

/** A short description of a JSON value for error messages. */
export function describeJson(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string "${value.length > 40 ? value.slice(0, 40) + '…' : value}"`;
  return String(value);
}
