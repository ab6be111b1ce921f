import { decode } from '@msgpack/msgpack';
import { encodeMessage, PitcherMessage } from '../../../src/protocol';

/** JSON-readable form of a decoded msgpack value: Uint8Array becomes {"$bin": hex}. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export const toHex = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
export const fromHex = (hex: string): Uint8Array => new Uint8Array(Buffer.from(hex, 'hex'));

export function toJsonable(value: unknown): Json {
  if (value instanceof Uint8Array) return { $bin: toHex(value) };
  if (Array.isArray(value)) return value.map(toJsonable);
  if (value === undefined) return null;
  if (typeof value === 'object' && value !== null) {
    const out: { [key: string]: Json } = {};
    for (const [k, v] of Object.entries(value)) out[k] = toJsonable(v);
    return out;
  }
  return value as Json;
}

export function fromJsonable(value: Json): unknown {
  if (Array.isArray(value)) return value.map(fromJsonable);
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === '$bin' && typeof value.$bin === 'string') return fromHex(value.$bin);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = fromJsonable(v);
    return out;
  }
  return value;
}

/** Encodes the JSON-readable form back to wire bytes with the protocol codec (key order kept). */
export const encodeJsonable = (value: Json): Uint8Array => encodeMessage(fromJsonable(value) as PitcherMessage);
export const decodeFrame = (bytes: Uint8Array): unknown => decode(bytes);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const GUEST = /guest-[0-9a-f]{4}/g;
const GUEST_NAME = /Guest [0-9A-F]{4}/g;
const TOKEN_KEYS = new Set(['reconnectToken', 'pitcher_token', 'token']);

/**
 * Replaces volatile values with stable placeholders, numbered by first appearance over one
 * scenario run (so the same clientId reads the same in every fixture of the run).
 */
export class Normaliser {
  private readonly seen = new Map<string, string>();
  private counters = { id: 0, guest: 0 };

  /** literals: exact volatile strings (data dir, sandbox id) and their placeholders, longest first. */
  constructor(private readonly literals: Array<[string, string]> = []) {}

  private placeholder(raw: string, kind: 'id' | 'guest'): string {
    let p = this.seen.get(raw);
    if (!p) {
      this.counters[kind] += 1;
      p = kind === 'id' ? `<id-${this.counters.id}>` : `guest-<${this.counters.guest}>`;
      this.seen.set(raw, p);
    }
    return p;
  }

  string(s: string): string {
    for (const [raw, placeholder] of this.literals) s = s.split(raw).join(placeholder);
    return s
      .replace(UUID, (m) => this.placeholder(m.toLowerCase(), 'id'))
      .replace(GUEST, (m) => this.placeholder(m, 'guest'))
      .replace(GUEST_NAME, (m) => `Guest ${this.placeholder(`guest-${m.slice(6).toLowerCase()}`, 'guest').slice(6)}`);
  }

  value(value: unknown): Json {
    if (value instanceof Uint8Array) return { $bin: toHex(value) };
    if (Array.isArray(value)) return value.map((v) => this.value(v));
    if (typeof value === 'string') return this.string(value);
    if (value === undefined) return null;
    if (typeof value === 'object' && value !== null) {
      const out: { [key: string]: Json } = {};
      for (const [k, v] of Object.entries(value)) {
        out[this.string(k)] = TOKEN_KEYS.has(k) && typeof v === 'string' ? '<token>' : this.value(v);
      }
      return out;
    }
    return value as Json;
  }
}

export interface FixtureFrame {
  direction: 'out' | 'in';
  /** Which connection of the scenario carried the frame (A sends; B is the other collaborator). */
  client: 'A' | 'B';
  hex: string;
  decoded: Json;
}
export interface Fixture {
  request: Json;
  frames: FixtureFrame[];
}

export const FIXTURE_NAMES = [
  'client-join',
  'fs-read',
  'file-open',
  'file-document-operation',
  'file-save',
  'shell-round-trip',
] as const;
export type FixtureName = (typeof FIXTURE_NAMES)[number];
