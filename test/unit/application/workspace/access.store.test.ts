import 'reflect-metadata';
import { autorun, configure } from 'mobx';
import { AccessStore } from '../../../../src/application/workspace/access.store';
import { READ_ONLY_ACCESS } from '../../../../src/domain/permissions/workspace-access';
import { FakeConnection } from '../support/fake-connection';

configure({ enforceActions: 'always' });

describe('AccessStore', () => {
  it('may change nothing before the first join, then what the join grants', () => {
    const connection = new FakeConnection();
    const access = new AccessStore(connection);
    expect(access.can).toEqual(READ_ONLY_ACCESS);
    connection.join('me');
    expect(access.can).toMatchObject({ edit: true, save: true, changeFiles: true, upload: true, createShells: true, runTasks: true, commit: true, push: true });
  });

  it('follows client/permissions while joined: read takes every write away, write gives them back', () => {
    const connection = new FakeConnection();
    const access = new AccessStore(connection);
    connection.join('me');
    connection.changeAccess('read');
    expect(access.can).toEqual(READ_ONLY_ACCESS);
    expect(access.permissions?.file).toMatchObject({ open: true, documentOperation: false, save: false });
    connection.changeAccess('write');
    expect(access.can.edit).toBe(true);
  });

  it("keeps the join's capabilities, and offers 'Enable VSCode Extensions' while shells may be created on a server with shell IO", () => {
    const connection = new FakeConnection();
    const access = new AccessStore(connection);
    expect(access.offersExtensions).toBe(false);
    connection.join('me');
    expect(access.capabilities.shell).toMatchObject({ io: true });
    expect(access.offersExtensions).toBe(true);
    connection.changeAccess('read');
    expect(access.offersExtensions).toBe(false);
    connection.changeAccess('write');
    connection.joins.fire({ self: { clientId: 'me', username: 'me', name: 'me', color: '#fff' }, permissions: access.permissions!, capabilities: { shell: { io: false } }, isProtected: false, isReconnect: true });
    expect(access.offersExtensions).toBe(false);
  });

  it('takes the permissions of every later join (a reconnect after the sandbox turned read-only)', () => {
    const connection = new FakeConnection();
    const access = new AccessStore(connection);
    connection.join('me');
    connection.join('me', undefined, true, 'read');
    expect(access.can).toEqual(READ_ONLY_ACCESS);
  });

  it('keeps isProtected, and tells its observers only when what the client may do changed', () => {
    const connection = new FakeConnection();
    const access = new AccessStore(connection);
    connection.join('me');
    const seen: boolean[] = [];
    const stop = autorun(() => seen.push(access.can.edit));
    connection.permissionChanges.fire({ isProtected: true, permissions: { ...access.permissions! } });
    expect(access.isProtected).toBe(true);
    connection.changeAccess('read');
    stop();
    expect(seen).toEqual([true, false]);
  });
});
