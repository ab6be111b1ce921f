import { READ_ONLY_ACCESS, workspaceAccess } from '../../../../src/domain/permissions/workspace-access';
import { permissionsFor } from '../../../../src/server/application/workspace/permissions';

describe('workspaceAccess', () => {
  it("gives a writer every write the server's table grants", () => {
    expect(Object.values(workspaceAccess({ ...permissionsFor('write') })).every((may) => may)).toBe(true);
  });

  it("gives a reader none (spec 002 §6: open, select, search, download and language features need no write)", () => {
    expect(workspaceAccess({ ...permissionsFor('read') })).toEqual(READ_ONLY_ACCESS);
  });

  it('grants nothing before a join, nor for a group or leaf the server leaves out', () => {
    expect(workspaceAccess(undefined)).toEqual(READ_ONLY_ACCESS);
    expect(workspaceAccess({ file: { documentOperation: true } })).toEqual({ ...READ_ONLY_ACCESS, edit: true });
  });

  it('reads each affordance off its own permissions: tasks need run and stop, setup init and both skips', () => {
    const some = workspaceAccess({ file: { save: true }, shell: { create: true }, task: { run: true }, setup: { init: true, skip: true, skipAll: true }, git: { pull: true } });
    expect(some).toEqual({ ...READ_ONLY_ACCESS, save: true, createShells: true, runSetup: true, pull: true });
  });

  it('lets a client type into running terminals only with shell.write (a reader watches them)', () => {
    expect(workspaceAccess({ shell: { write: true } })).toEqual({ ...READ_ONLY_ACCESS, typeInShells: true });
    expect(workspaceAccess({ ...permissionsFor('read') }).typeInShells).toBe(false);
  });
});
