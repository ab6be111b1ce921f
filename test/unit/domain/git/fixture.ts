import { readFileSync } from 'node:fs';
import * as path from 'node:path';

/** Real git output captured by fixtures/capture.sh. */
export const fixture = (name: string): string => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
