import type { FastifyInstance, FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { isListedOnDemand } from '../../../domain/fs/listing-rules';
import { excludeFilter } from '../../../domain/fs/path-glob';
import { basename } from '../../../domain/fs/workspace-path';
import { FsFailure, WorkspaceFiles } from '../../application/ports/workspace-files.port';
import { DOWNLOAD_PATH_PREFIX, DownloadGrant, DownloadLinks } from '../../application/workspace/fs/download-links';

/** What the download route needs: the link checker and the confined files of a sandbox's workspace. */
export interface DownloadSource {
  links: DownloadLinks;
  /** The workspace's files; undefined when the sandbox is gone. */
  files(sandboxId: string): Promise<WorkspaceFiles | undefined>;
}

const INVALID_LINK = 'This download link is invalid or has expired: ask for a new one';

/** Whether a request goes to the download route (it carries its own signed token instead of other credentials). */
export function isDownloadPath(url: string): boolean {
  return url.startsWith(DOWNLOAD_PATH_PREFIX);
}

/**
 * `GET /download/<token>/<file name>` (fs/download, docs/protocol/fs.md): the token names the sandbox, the path and
 * the excludes. A file is sent as is; a directory as a .zip streamed while it is read (yazl), entries read one at a
 * time through the confined WorkspaceFiles, so nothing outside the workspace is ever read.
 */
export function registerDownloadRoute(app: FastifyInstance, source: DownloadSource): void {
  // A wildcard: the token may be longer than the router's parameter limit.
  app.get<{ Params: { '*': string } }>(`${DOWNLOAD_PATH_PREFIX}*`, async (request, reply) => {
    const token = request.params['*'].split('/')[0] ?? '';
    const grant = source.links.verify(token);
    if (!grant) return fail(reply, 403, INVALID_LINK);
    const files = await source.files(grant.sandboxId).catch(() => undefined);
    if (!files) return fail(reply, 404, 'Sandbox not found');
    const stat = await files.stat(grant.path);
    if (!stat.ok) return failure(reply, stat.error);
    reply.header('Cache-Control', 'no-store').header('X-Content-Type-Options', 'nosniff');
    if (stat.value.type === 'directory') return sendZip(reply, files, grant);
    const opened = await files.openRead(grant.path);
    if (!opened.ok) return failure(reply, opened.error);
    const file = opened.value;
    return reply
      .header('Content-Type', 'application/octet-stream')
      .header('Content-Length', String(file.size))
      .header('Content-Disposition', attachment(basename(grant.path) || grant.sandboxId))
      .send(Readable.from(file.chunks()));
  });
}

function sendZip(reply: FastifyReply, files: WorkspaceFiles, grant: DownloadGrant): FastifyReply {
  const zip = new ZipFile();
  const excluded = excludeFilter(grant.excludes);
  const prefix = grant.path === '' ? '' : `${grant.path}/`;
  const fill = async () => {
    for (const entry of await files.scan(grant.path)) {
      const relative = entry.path.slice(prefix.length);
      if (relative === '' || excluded(relative)) continue;
      if (entry.type === 'directory') {
        // Directories the tree lists on demand (node_modules) stay out unless asked for by path.
        if (isListedOnDemand(basename(relative))) continue;
        zip.addEmptyDirectory(relative);
        continue;
      }
      if (relative.split('/').slice(0, -1).some(isListedOnDemand)) continue;
      const stat = await files.stat(entry.path);
      if (!stat.ok || stat.value.type !== 'file') continue; // a symlink leaving the workspace, or gone meanwhile
      zip.addReadStreamLazy(relative, { mtime: new Date(stat.value.mtimeMs) }, (done) => {
        files.openRead(entry.path).then(
          (opened) => done(null, opened.ok ? Readable.from(opened.value.chunks()) : Readable.from([])),
          () => done(null, Readable.from([])),
        );
      });
    }
  };
  fill().then(
    () => zip.end(),
    () => zip.end(),
  );
  const name = basename(grant.path) || grant.sandboxId;
  return reply
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', attachment(`${name}.zip`))
    .send(zip.outputStream);
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const fail = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ errors: [message] });

function failure(reply: FastifyReply, error: FsFailure) {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return fail(reply, 404, 'File not found');
  if (error.code === 'EACCES' || error.code === 'ELOOP') return fail(reply, 403, 'This path leads outside the workspace');
  return fail(reply, 500, error.message);
}
