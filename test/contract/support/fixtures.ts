import { existsSync, readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { Fixture } from './wire';

/**
 * Fixtures are named `<method>` (the method's fixture) or `<method>.<case>` (another case of it, e.g.
 * `fs/readFile.error-enoent`) and live in test/contract/fixtures/<family>/<method with '/' as '-'>[.<case>].json.
 */
export const FIXTURES_DIR = path.resolve(__dirname, '..', 'fixtures');

/** Names the first contract fixtures had; kept so older tests and helpers still find them. */
const LEGACY_NAMES: Record<string, string> = {
  'client-join': 'client/join',
  'fs-read': 'fs/read',
  'file-open': 'file/open',
  'file-document-operation': 'file/documentOperation',
  'file-save': 'file/save',
};

export const familyOf = (method: string): string => method.split('/')[0];

/** The file of a fixture, relative to FIXTURES_DIR. */
export function fixtureFile(name: string): string {
  const [method, ...cases] = name.split('.');
  const base = method.replace(/\//g, '-');
  return path.join(familyOf(method), `${[base, ...cases].join('.')}.json`);
}

/** The fixture name of a file relative to FIXTURES_DIR (the inverse of fixtureFile). */
export function fixtureNameOf(file: string): string {
  const [family, base] = file.split(path.sep);
  const [methodPart, ...cases] = base.replace(/\.json$/, '').split('.');
  const method = `${family}/${methodPart.slice(family.length + 1)}`;
  return [method, ...cases].join('.');
}

export const loadFixture = (name: string): Fixture =>
  JSON.parse(readFileSync(path.join(FIXTURES_DIR, fixtureFile(LEGACY_NAMES[name] ?? name)), 'utf8')) as Fixture;

export const hasFixture = (name: string): boolean => existsSync(path.join(FIXTURES_DIR, fixtureFile(name)));

/** Every stored fixture, by name. */
export function listFixtures(): string[] {
  if (!existsSync(FIXTURES_DIR)) return [];
  return readdirSync(FIXTURES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(path.join(FIXTURES_DIR, d.name))
        .filter((f) => f.endsWith('.json'))
        .map((f) => fixtureNameOf(path.join(d.name, f))),
    )
    .sort();
}
