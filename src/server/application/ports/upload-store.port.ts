/** People's uploads (spec 000 §7 "uploads"): files served to anyone holding their link. */
export const UploadStore = Symbol('UploadStore');

/** Most bytes one upload holds, and most bytes of uploads one person keeps. */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOADS_PER_PERSON_MAX_BYTES = 50 * 1024 * 1024;

export interface UploadInfo {
  id: string;
  name: string;
  contentType: string;
  size: number;
  url: string;
  insertedAt: string;
}

export interface UploadStore {
  list(userId: string): Promise<UploadInfo[]>;
  usedBytes(userId: string): Promise<number>;
  add(userId: string, name: string, contentType: string, bytes: Uint8Array): Promise<UploadInfo>;
  remove(userId: string, id: string): Promise<boolean>;
  read(id: string): Promise<{ contentType: string; bytes: Uint8Array } | undefined>;
}
