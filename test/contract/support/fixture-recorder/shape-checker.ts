import { isNumberPlaceholder, Json } from '../wire';

/**
 * A tiny structural type language for wire values in their fixture form (Json: `bin` is `{"$bin": hex}`, volatile
 * numbers are `<num:…>` placeholders), and a checker that reports the path of every mismatch.
 */
export type Shape =
  | { kind: 'string' | 'number' | 'boolean' | 'null' | 'bin' | 'any' }
  | { kind: 'literal'; values: ReadonlyArray<string | number | boolean> }
  | { kind: 'object'; fields: Readonly<Record<string, Field>> }
  | { kind: 'array'; of: Shape }
  | { kind: 'map'; of: Shape }
  | { kind: 'union'; of: readonly Shape[] };

export interface Field {
  shape: Shape;
  /** May be absent or nil (protocol.md §1.2: decoders treat nil as absent). */
  optional: boolean;
  /** A field protocol.md does not have, allowed because a Bullpen page documents it (where). */
  addition?: string;
}

export const str: Shape = { kind: 'string' };
export const num: Shape = { kind: 'number' };
export const bool: Shape = { kind: 'boolean' };
export const nil: Shape = { kind: 'null' };
export const bin: Shape = { kind: 'bin' };
export const any: Shape = { kind: 'any' };
export const lit = (...values: Array<string | number | boolean>): Shape => ({ kind: 'literal', values });
export const arr = (of: Shape): Shape => ({ kind: 'array', of });
/** A map with arbitrary keys (`{[id]: …}`). */
export const map = (of: Shape): Shape => ({ kind: 'map', of });
export const union = (...of: Shape[]): Shape => ({ kind: 'union', of });
export const nullable = (shape: Shape): Shape => union(shape, nil);

type FieldSpec = Shape | Field;
const isField = (spec: FieldSpec): spec is Field => 'shape' in spec;
/** An optional field (`name?`). */
export const opt = (shape: Shape): Field => ({ shape, optional: true });
/** A field Bullpen adds, with the page that documents it. */
export const addition = (where: string, shape: Shape, optional = false): Field => ({ shape, optional, addition: where });
/** A map with exactly these fields (no others). */
export const obj = (fields: Record<string, FieldSpec>): Shape => ({
  kind: 'object',
  fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, isField(v) ? v : { shape: v, optional: false }])),
});
/** An object shape with more fields. */
export const extend = (base: Shape, fields: Record<string, FieldSpec>): Shape => {
  if (base.kind !== 'object') throw new Error('extend needs an object shape');
  const more = obj(fields) as { fields: Record<string, Field> };
  return { kind: 'object', fields: { ...base.fields, ...more.fields } };
};
/** Every name an optional boolean (capability groups). */
export const flags = (...names: string[]): Shape => obj(Object.fromEntries(names.map((n) => [n, opt(bool)])));
/** Every name a boolean (permission groups). */
export const booleans = (...names: string[]): Shape => obj(Object.fromEntries(names.map((n) => [n, bool])));

export interface Mismatch {
  path: string;
  problem: string;
}

const kindOf = (value: Json): string => {
  if (value === null) return 'nil';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return Object.keys(value).length === 1 && typeof value.$bin === 'string' ? 'bin' : 'map';
  return typeof value;
};

export function describe(shape: Shape): string {
  switch (shape.kind) {
    case 'literal':
      return shape.values.map((v) => JSON.stringify(v)).join('|');
    case 'object':
      return `{${Object.keys(shape.fields).join(', ')}}`;
    case 'array':
      return `${describe(shape.of)}[]`;
    case 'map':
      return `{[key]: ${describe(shape.of)}}`;
    case 'union':
      return shape.of.map(describe).join(' | ');
    default:
      return shape.kind === 'null' ? 'nil' : shape.kind;
  }
}

const key = (path: string, k: string) => (/^[A-Za-z_$][\w$-]*$/.test(k) ? `${path}.${k}` : `${path}[${JSON.stringify(k)}]`);

/** Every place where `value` does not have `shape`, by path ('$.result.remote.head'). Empty when it fits. */
export function checkShape(value: Json, shape: Shape, path = '$'): Mismatch[] {
  const wrong = (): Mismatch[] => [{ path, problem: `expected ${describe(shape)}, got ${kindOf(value)} ${JSON.stringify(value)?.slice(0, 80)}` }];
  switch (shape.kind) {
    case 'any':
      return [];
    case 'string':
      return typeof value === 'string' && !isNumberPlaceholder(value) ? [] : wrong();
    case 'number':
      return typeof value === 'number' || isNumberPlaceholder(value) ? [] : wrong();
    case 'boolean':
      return typeof value === 'boolean' ? [] : wrong();
    case 'null':
      return value === null ? [] : wrong();
    case 'bin':
      return kindOf(value) === 'bin' ? [] : wrong();
    case 'literal':
      return (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') && shape.values.includes(value) ? [] : wrong();
    case 'array':
      return Array.isArray(value) ? value.flatMap((v, i) => checkShape(v, shape.of, `${path}[${i}]`)) : wrong();
    case 'map':
      return kindOf(value) === 'map' ? Object.entries(value as Record<string, Json>).flatMap(([k, v]) => checkShape(v, shape.of, key(path, k))) : wrong();
    case 'union': {
      const tries = shape.of.map((s) => checkShape(value, s, path));
      if (tries.some((t) => t.length === 0)) return [];
      // Report against the alternative that came closest (fewest mismatches), e.g. the right variant of a union of maps.
      return tries.reduce((best, t) => (t.length < best.length ? t : best));
    }
    case 'object': {
      if (kindOf(value) !== 'map') return wrong();
      const map = value as Record<string, Json>;
      const out: Mismatch[] = [];
      for (const [k, field] of Object.entries(shape.fields)) {
        const v = map[k];
        if (v === undefined || (v === null && field.optional)) {
          if (!field.optional) out.push({ path: key(path, k), problem: `missing (expected ${describe(field.shape)})` });
          continue;
        }
        out.push(...checkShape(v, field.shape, key(path, k)));
      }
      for (const k of Object.keys(map)) if (!(k in shape.fields)) out.push({ path: key(path, k), problem: `unknown field (${kindOf(map[k])})` });
      return out;
    }
  }
}
