import { PitcherErrorCode, RequestMethod, paramsSchemas, requiredPermissions } from '../../../src/protocol';
import { RunningServer } from '../../../src/server/bullpen-server';
import { isAllowed, permissionsFor } from '../../../src/server/application/workspace/permissions';
import { loadFixture } from '../support/fixtures';
import { removeDir, startTestServer, tempDataDir } from '../support/server-harness';
import { Json, fromJsonable } from '../support/wire';
import { WireSession } from '../support/wire-session';

jest.setTimeout(120_000);

const methods = (Object.keys(paramsSchemas) as RequestMethod[]).filter((m) => m !== 'client/join');

/**
 * What spec 002 §6 lets a read-only client do: open, select, search, download and use language features — plus
 * seeing the workspace's state (lists, status, metrics), which every view needs. Written out by hand from the spec,
 * so the permission table cannot drift without this test noticing.
 */
const READER_MAY = new Set<RequestMethod>([
  'client/list',
  'fs/read', 'fs/readdir', 'fs/readFile', 'fs/stat', 'fs/watch', 'fs/unwatch', 'fs/download',
  'fs/search', 'fs/streamingSearch', 'fs/cancelStreamingSearch', 'fs/pathSearch',
  'file/open', 'file/openByPath', 'file/close', 'file/documentAck', 'file/documentSelection',
  'shell/list', 'shell/open', 'shell/close',
  'port/list', 'task/list', 'setup/get',
  'git/status', 'git/remotes', 'git/diffStatus', 'git/targetDiff', 'git/remoteContent', 'git/transposeLines',
  'language/list', 'language/lspRequest', 'language/lspServerResponse',
  'system/metrics', 'system/update', 'command/list',
  'channel/subscribe', 'channel/unsubscribe', 'channel/message',
] as RequestMethod[]);

describe('the permission table over every method and access level', () => {
  it('every method names its permission and a writer may use every method', () => {
    for (const method of methods) {
      expect(requiredPermissions[method]).toBeDefined();
      expect({ method, allowed: isAllowed(permissionsFor('write'), method) }).toEqual({ method, allowed: true });
    }
  });

  it('a reader may use exactly what spec 002 §6 allows', () => {
    const allowed = methods.filter((m) => isAllowed(permissionsFor('read'), m)).sort();
    expect(allowed).toEqual(methods.filter((m) => READER_MAY.has(m)).sort());
  });

  describe('on a live server with read-only access', () => {
    let dataDir: string;
    let server: RunningServer;
    let reader: WireSession;
    beforeAll(async () => {
      dataDir = tempDataDir();
      server = await startTestServer(dataDir, 'read');
      reader = await WireSession.open(server);
    });
    afterAll(async () => {
      await reader?.close();
      await server?.close();
      removeDir(dataDir);
    });

    it('the join result announces the read-only permissions', () => {
      expect(reader.joinResult.permissions).toEqual(permissionsFor('read'));
    });

    it.each(methods.filter((m) => !READER_MAY.has(m)))('%s is refused with NO_ACCESS whatever its params', async (method) => {
      for (const params of [{}, null, { id: 'x', path: 'README.md', shellId: 'x', taskId: 'x' }]) {
        const answer = await reader.ask(method, params);
        expect(answer).toMatchObject({ status: 1, method, error: { code: PitcherErrorCode.NO_ACCESS, message: `You do not have permission to use ${method}` } });
      }
    });

    it('methods a reader may use are never refused for permission', async () => {
      for (const method of methods.filter((m) => READER_MAY.has(m))) {
        const answer = await reader.ask(method, {});
        expect({ method, code: answer.error?.code }).not.toEqual({ method, code: PitcherErrorCode.NO_ACCESS });
      }
    });
  });

  describe('on a live server with write access', () => {
    let dataDir: string;
    let server: RunningServer;
    let writer: WireSession;
    beforeAll(async () => {
      dataDir = tempDataDir();
      server = await startTestServer(dataDir, 'write');
      writer = await WireSession.open(server);
    });
    afterAll(async () => {
      await writer?.close();
      await server?.close();
      removeDir(dataDir);
    });

    it('the join result announces the write permissions', () => {
      expect(writer.joinResult.permissions).toEqual(permissionsFor('write'));
    });

    // Hibernation closes every connection: it is asked last, below.
    // The recorded fixture's params reach the handler (its ids name nothing here), the others stop at validation.
    it.each(methods.filter((m) => m !== 'system/hibernate'))('%s is never refused with NO_ACCESS, whatever its params (other errors are fine)', async (method) => {
      const recorded = fromJsonable((loadFixture(method).request as { params: Json }).params);
      for (const params of [recorded, {}, null, { id: 'x', path: 'README.md', shellId: 'x', taskId: 'x' }]) {
        // Generous: the first git request waits for the workspace's repository, on a loaded machine for long.
        const answer = await writer.answer(writer.send(method, params), 90_000);
        expect(answer).toMatchObject({ method });
        if (answer.status === 1) {
          expect(answer.error).toEqual(expect.objectContaining({ code: expect.any(Number), message: expect.any(String) }));
          expect({ method, params, code: answer.error.code }).not.toEqual({ method, params, code: PitcherErrorCode.NO_ACCESS });
        } else {
          expect(answer.status).toBe(0);
        }
      }
    });

    it('system/hibernate is not refused with NO_ACCESS: it hibernates', async () => {
      const answer = await writer.ask('system/hibernate', {});
      expect(answer).toMatchObject({ method: 'system/hibernate', status: 0, result: null });
    });
  });
});
