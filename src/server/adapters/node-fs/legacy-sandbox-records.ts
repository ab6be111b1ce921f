import { promises as fsp } from 'node:fs';
import * as path from 'node:path';

/** A sandbox record as data directories before issue 20 kept it: `<data>/sandboxes/<id>/sandbox.json`. */
export interface LegacySandboxRecord {
  id: string;
  title: string;
  template: string;
  createdAt: string;
  anonymousAccess?: 'read' | 'write';
}

const isRecord = (value: unknown, id: string): value is LegacySandboxRecord => {
  const r = value as Partial<LegacySandboxRecord> | null;
  return (
    typeof r === 'object' && r !== null && r.id === id && typeof r.title === 'string' && typeof r.template === 'string' && typeof r.createdAt === 'string' &&
    (r.anonymousAccess === undefined || r.anonymousAccess === 'read' || r.anonymousAccess === 'write')
  );
};

/** The records of a data directory's sandboxes that still have a sandbox.json (a broken one is reported, not fatal). */
export async function readLegacySandboxRecords(sandboxesDir: string, warn: (message: string) => void): Promise<LegacySandboxRecord[]> {
  const names = await fsp.readdir(sandboxesDir).catch(() => [] as string[]);
  const records: LegacySandboxRecord[] = [];
  for (const name of names.sort()) {
    if (!/^[a-z0-9-]{1,64}$/.test(name)) continue;
    const file = path.join(sandboxesDir, name, 'sandbox.json');
    let text: string;
    try {
      text = await fsp.readFile(file, 'utf8');
    } catch {
      continue;
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (isRecord(parsed, name)) records.push(parsed);
      else warn(`${file} is not a sandbox record: left out of the database`);
    } catch {
      warn(`${file} is not valid JSON: left out of the database`);
    }
  }
  return records.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
