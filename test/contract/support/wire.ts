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
/** A full git object name (commit hashes differ on every run: they hash the commit time). */
const SHA = /\b[0-9a-f]{40}\b/g;
/** ISO 8601 date-times (git commit dates). */
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})\b/g;
/** The signed grant inside a download URL. */
const DOWNLOAD_TOKEN = /\/download\/[^/]+\//g;
const TOKEN_KEYS = new Set(['reconnectToken', 'pitcher_token', 'token']);
/** fs/stat times: milliseconds since the epoch. */
const TIME_KEYS = new Set(['mtime', 'ctime', 'atime']);

/**
 * A placeholder that stands for a number: the shape checker accepts it where a number is expected, and
 * `hydrate` turns it back into a number before a fixture is fed to client code.
 */
export const NUMBER_PLACEHOLDER = /^<num:[a-z-]+>$/;
export const isNumberPlaceholder = (value: unknown): value is string => typeof value === 'string' && NUMBER_PLACEHOLDER.test(value);

export type Path = ReadonlyArray<string | number>;
/** A fixture's own rule for volatile values: a placeholder for the value at `path`, or undefined to keep it. */
export type VolatileRule = (path: Path, value: unknown) => Json | undefined;

/**
 * Replaces volatile values with stable placeholders, numbered by first appearance over one group run (so the same
 * clientId reads the same in every fixture of the group): ids `<id-N>`, guests `guest-<N>`, git hashes `<sha-N>`,
 * dates `<date>`, tokens `<token>`, times `<num:time>`, and the literals given (data dir, sandbox id, ports).
 */
export class Normaliser {
  private readonly seen = new Map<string, string>();
  private counters = { id: 0, guest: 0, sha: 0 };
  private readonly numbers = new Map<number, string>();

  /** literals: exact volatile strings (data dir, sandbox id) and their placeholders (applied longest first). */
  constructor(private readonly literals: Array<[string, string]> = []) {
    this.literals.sort((a, b) => b[0].length - a[0].length);
  }

  /** Adds a literal (e.g. a port chosen at run time); longer literals are applied first. */
  literal(raw: string, placeholder: string): void {
    this.literals.push([raw, placeholder]);
    this.literals.sort((a, b) => b[0].length - a[0].length);
  }

  /** A number that is volatile wherever it appears as a number (a port number chosen at run time). */
  number(raw: number, placeholder: string): void {
    this.numbers.set(raw, placeholder);
  }

  private placeholder(raw: string, kind: 'id' | 'guest' | 'sha'): string {
    let p = this.seen.get(raw);
    if (!p) {
      this.counters[kind] += 1;
      const n = this.counters[kind];
      p = kind === 'id' ? `<id-${n}>` : kind === 'sha' ? `<sha-${n}>` : `guest-<${n}>`;
      this.seen.set(raw, p);
    }
    return p;
  }

  string(s: string): string {
    for (const [raw, placeholder] of this.literals) s = s.split(raw).join(placeholder);
    return s
      .replace(UUID, (m) => this.placeholder(m.toLowerCase(), 'id'))
      .replace(SHA, (m) => this.placeholder(m, 'sha'))
      .replace(ISO_DATE, '<date>')
      .replace(DOWNLOAD_TOKEN, '/download/<token>/')
      .replace(GUEST, (m) => this.placeholder(m, 'guest'))
      .replace(GUEST_NAME, (m) => `Guest ${this.placeholder(`guest-${m.slice(6).toLowerCase()}`, 'guest').slice(6)}`);
  }

  value(value: unknown, rule?: VolatileRule, path: Path = []): Json {
    const ruled = rule?.(path, value);
    if (ruled !== undefined) return ruled;
    if (value instanceof Uint8Array) return { $bin: toHex(value) };
    if (Array.isArray(value)) return value.map((v, i) => this.value(v, rule, [...path, i]));
    if (typeof value === 'string') return this.string(value);
    if (typeof value === 'number' && this.numbers.has(value)) return this.numbers.get(value)!;
    if (value === undefined) return null;
    if (typeof value === 'object' && value !== null) {
      const out: { [key: string]: Json } = {};
      for (const [k, v] of Object.entries(value)) {
        if (TOKEN_KEYS.has(k) && typeof v === 'string') out[this.string(k)] = '<token>';
        else if (TIME_KEYS.has(k) && typeof v === 'number') out[this.string(k)] = '<num:time>';
        else out[this.string(k)] = this.value(v, rule, [...path, k]);
      }
      return out;
    }
    return value as Json;
  }
}

/** Sample values for number placeholders, so client code gets numbers where the wire has numbers. */
const SAMPLE_NUMBERS: Record<string, number> = { '<num:time>': 1_700_000_000_000, '<num:port>': 5173, '<num:metric>': 1 };

/** The fixture value with every number placeholder replaced by a sample number (for feeding client code). */
export function hydrate(value: Json): Json {
  if (isNumberPlaceholder(value)) return SAMPLE_NUMBERS[value] ?? 1;
  if (Array.isArray(value)) return value.map(hydrate);
  if (typeof value === 'object' && value !== null) {
    if (Object.keys(value).length === 1 && typeof value.$bin === 'string') return value;
    const out: { [key: string]: Json } = {};
    for (const [k, v] of Object.entries(value)) out[k] = hydrate(v);
    return out;
  }
  return value;
}

/** Who carried a frame: A sends the recorded requests, B is a second writer, R a read-only client. */
export type PeerName = 'A' | 'B' | 'R';

export interface FixtureFrame {
  direction: 'out' | 'in';
  client: PeerName;
  /** The normalised value encoded with the protocol codec. */
  hex: string;
  decoded: Json;
}

/** How the server-against-fixtures test compares a fresh run with the fixture. */
export type FixtureComparison = 'exact' | 'shape';

export interface Fixture {
  /** The request method the fixture is about. */
  method?: string;
  /** The recorder group (test/contract/support/fixture-recorder/groups) that records it. */
  group?: string;
  /** Set-up and what causes the notifications, when that is not plain from the frames. */
  note?: string;
  /** 'exact': every frame equals the fixture; 'shape': the same frames (methods, statuses, codes), content varies. */
  compare?: FixtureComparison;
  /** Why the content varies (compare 'shape'). */
  variable?: string;
  /** The fixture's main request (its first outgoing frame of `method`). */
  request: Json;
  frames: FixtureFrame[];
}
