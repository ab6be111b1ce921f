import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Fixture, FixtureName } from './wire';

export const loadFixture = (name: FixtureName): Fixture =>
  JSON.parse(readFileSync(path.join(__dirname, '..', 'fixtures', `${name}.json`), 'utf8')) as Fixture;
