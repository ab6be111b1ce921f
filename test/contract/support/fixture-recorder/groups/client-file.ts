import { EDIT_TEXT, JOIN_PARAMS } from '../../scenario';
import { FixtureGroup } from '../recorder';

/**
 * client and file: A joins (recorded), B joins and is announced, both open src/App.js; edits, acks, selections,
 * saves and closes travel between them; a reader joins and leaves; B's access is lowered; B resumes with its
 * reconnect token.
 */
export const clientFileGroup: FixtureGroup = {
  name: 'client-file',
  joinFirst: false,
  async run(g) {
    await g.connect('A', { join: false });
    await g.fixture('client/join', {}, async (f) => {
      const joined = await f.ask('A', 'client/join', JOIN_PARAMS);
      g.peer('A').joinResult = joined.result;
    });
    await g.connect('B', { join: false });
    await g.fixture('client/join.collaborator', { note: 'A is joined; B joins: A is told client/connected.' }, async (f) => {
      const joined = await f.ask('B', 'client/join', JOIN_PARAMS, [{ to: 'A', method: 'client/connected' }]);
      g.peer('B').joinResult = joined.result;
    });
    await g.fixture('client/list', {}, async (f) => void (await f.ask('A', 'client/list', {})));
    await g.fixture('client/list.error-invalid-params', {}, async (f) => void (await f.ask('A', 'client/list', { verbose: true })));

    const app = (await g.peer('A').idOf('src/App.js'))!;
    let content = '';
    await g.fixture('file/open', { note: 'A opens src/App.js of the default template; nobody else has it open.' }, async (f) => {
      content = (await f.ask('A', 'file/open', { id: app, isResync: false })).result.content;
    });
    await g.fixture('file/openByPath', { note: 'B opens the file A has open: A is told file/join.' }, async (f) => {
      await f.ask('B', 'file/openByPath', { path: 'src/App.js', isResync: false }, [{ to: 'A', method: 'file/join' }]);
    });
    await g.fixture(
      'file/documentOperation',
      { note: 'A inserts a line at the start (the client sends its seq, ADR 0006): B gets the operation.' },
      async (f) => {
        await f.ask('A', 'file/documentOperation', { id: app, operation: [EDIT_TEXT, content.length], revision: 0, seq: 1 }, [
          { to: 'B', method: 'file/documentOperation' },
        ]);
      },
    );
    await g.fixture('file/documentAck', { note: "B acknowledges A's operation (revision 1)." }, async (f) => {
      await f.ask('B', 'file/documentAck', { id: app, revision: 1 });
    });
    await g.fixture('file/documentSelection', {}, async (f) => {
      await f.ask('A', 'file/documentSelection', { id: app, selection: [{ anchor: 3, head: 9 }], reason: 1 }, [{ to: 'B', method: 'file/documentSelection' }]);
    });
    await g.fixture('file/save', { note: 'A saves the edited document: both clients get file/save with the new savedHash.' }, async (f) => {
      await f.ask('A', 'file/save', { id: app, write: true }, [
        { to: 'A', method: 'file/save' },
        { to: 'B', method: 'file/save' },
      ]);
    });
    await g.fixture('file/close', { note: 'B closes the file: A is told file/leave.' }, async (f) => {
      await f.ask('B', 'file/close', { id: app }, [{ to: 'A', method: 'file/leave' }]);
    });
    await g.fixture('file/open.error-invalid-id', {}, async (f) => void (await f.ask('A', 'file/open', { id: 'no-such-file', isResync: false })));

    await g.connect('R', { join: false });
    await g.fixture('client/join.reader', { note: "R joins with read access (user 'viewer'): its permissions allow no writing; A is told." }, async (f) => {
      const joined = await f.ask('R', 'client/join', JOIN_PARAMS, [{ to: 'A', method: 'client/connected' }]);
      g.peer('R').joinResult = joined.result;
    });
    await g.fixture('file/documentOperation.error-no-access', { note: 'R (read access) tries to edit.' }, async (f) => {
      await f.ask('R', 'file/documentOperation', { id: app, operation: ['x', content.length + EDIT_TEXT.length], revision: 1 });
    });
    await g.fixture(
      'client/list.after-disconnect',
      { note: 'R closes its connection: A is told client/disconnected, and the list has A and B.' },
      async (f) => {
        const from = f.mark('A');
        await g.peer('R').close();
        await f.note('A', 'client/disconnected', undefined, from);
        await f.ask('A', 'client/list', {});
      },
    );

    await g.fixture(
      'file/save.error-no-access',
      { note: "The server lowers B's access to read (Workspace.changeAccess, as when sharing changes): B gets client/permissions, then its save is refused." },
      async (f) => {
        const from = f.mark('B');
        const workspace = await g.workspace();
        workspace.changeAccess(workspace.session(g.peer('B').clientId)!, 'read');
        await f.note('B', 'client/permissions', undefined, from);
        await f.ask('B', 'file/save', { id: app, write: true });
      },
    );

    const token = g.peer('B').joinResult.reconnectToken as string;
    await g.connect('B', { join: false, reconnectToken: token });
    await g.fixture(
      'client/join.reconnect',
      { note: 'B connects again with its reconnect token while its old connection is open: same client id, A is told client/updated.' },
      async (f) => {
        const joined = await f.ask('B', 'client/join', JOIN_PARAMS, [{ to: 'A', method: 'client/updated' }]);
        g.peer('B').joinResult = joined.result;
      },
    );
  },
};
