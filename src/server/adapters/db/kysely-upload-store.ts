import { randomUUID } from 'node:crypto';
import { mkdirSync, promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { Kysely } from 'kysely';
import { UploadInfo, UploadStore } from '../../application/ports/upload-store.port';
import { Database } from './database-schema';

/**
 * The uploads of spec 000 §7: the bytes in `<data>/uploads/<id>`, the record in the database. An
 * upload is served at `/api/v1/uploads/<id>` to anyone holding the link (the id is a random UUID).
 */
export class KyselyUploadStore implements UploadStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dir: string,
  ) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  async list(userId: string): Promise<UploadInfo[]> {
    const rows = await this.db.selectFrom('uploads').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
    return rows.map((row) => ({ id: row.id, name: row.name, contentType: row.content_type, size: row.size, url: `/api/v1/uploads/${row.id}`, insertedAt: row.created_at.toISOString() }));
  }

  async usedBytes(userId: string): Promise<number> {
    const row = await this.db.selectFrom('uploads').select((eb) => eb.fn.sum<number>('size').as('total')).where('user_id', '=', userId).executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  async add(userId: string, name: string, contentType: string, bytes: Uint8Array): Promise<UploadInfo> {
    const id = randomUUID();
    await fsp.writeFile(path.join(this.dir, id), bytes, { mode: 0o600 });
    const at = new Date();
    await this.db.insertInto('uploads').values({ id, user_id: userId, name, content_type: contentType, size: bytes.length, created_at: at }).execute();
    return { id, name, contentType, size: bytes.length, url: `/api/v1/uploads/${id}`, insertedAt: at.toISOString() };
  }

  async remove(userId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('uploads').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await fsp.rm(path.join(this.dir, id), { force: true });
    return true;
  }

  async read(id: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
    if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
    const row = await this.db.selectFrom('uploads').select(['content_type']).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return { contentType: row.content_type, bytes: await fsp.readFile(path.join(this.dir, id)) };
  }
}
