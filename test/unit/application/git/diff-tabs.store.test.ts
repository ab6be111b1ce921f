import { configure } from 'mobx';
import { GitPortError } from '../../../../src/application/ports/git.port';
import { gitStatus, item } from './fake-git-port';
import { scmFixture, settle } from './scm-fixture';

configure({ enforceActions: 'never' });

describe('DiffTabsStore', () => {
  it("opens a diff of a file at HEAD's commit against its content on disk", async () => {
    const { git, diffs } = await scmFixture(['a.ts']);
    git.notify(gitStatus({ head: 'abc123', items: [item('a.ts')] }));
    git.atHead.set('abc123:a.ts', 'old\n');
    await diffs.open('a.ts');
    expect(diffs.active).toEqual({ path: 'a.ts' });
    expect(diffs.sidesOf('a.ts')).toEqual({ kind: 'READY', original: 'old\n', modified: { kind: 'file', text: 'a.ts on disk\n' } });
    expect(git.callsOf('remoteContent')).toEqual([['abc123', 'a.ts']]);
  });

  it('takes the open document as the modified side, empty sides for new and deleted files', async () => {
    const { git, diffs, editor, files } = await scmFixture(['open.ts', 'new.ts']);
    git.notify(gitStatus({ items: [item('open.ts'), item('new.ts', { index: '?', workingTree: '?' })], deleted: [item('gone.ts', { workingTree: 'D' })] }));
    git.atHead.set('c0ffee:open.ts', 'before\n');
    git.atHead.set('c0ffee:gone.ts', 'was here\n');
    files.disk.set('open.ts', 'typed\n');
    await editor.open('id:open.ts');
    await diffs.open('open.ts');
    expect(diffs.sidesOf('open.ts')).toEqual({ kind: 'READY', original: 'before\n', modified: { kind: 'document', fileId: 'id:open.ts', text: 'typed\n' } });
    await diffs.open('new.ts');
    expect(diffs.sidesOf('new.ts')).toEqual({ kind: 'READY', original: '', modified: { kind: 'file', text: 'new.ts on disk\n' } });
    await diffs.open('gone.ts');
    expect(diffs.sidesOf('gone.ts')).toEqual({ kind: 'READY', original: 'was here\n', modified: { kind: 'file', text: '' } });
    expect(diffs.tabs.map((t) => t.path)).toEqual(['open.ts', 'new.ts', 'gone.ts']);
  });

  it("compares a staged rename with the file under its old path at HEAD", async () => {
    const { git, diffs } = await scmFixture(['src/new-name.ts']);
    git.notify(gitStatus({ head: 'abc123', items: [item('src/new-name.ts', { index: 'R', workingTree: '', isStaged: true, oldPath: 'src/old-name.ts' })] }));
    git.atHead.set('abc123:src/old-name.ts', 'before the move\n');
    await diffs.open('src/new-name.ts');
    expect(diffs.sidesOf('src/new-name.ts')).toEqual({ kind: 'READY', original: 'before the move\n', modified: { kind: 'file', text: 'src/new-name.ts on disk\n' } });
    expect(git.callsOf('remoteContent')).toEqual([['abc123', 'src/old-name.ts']]);
  });

  it('shows why a diff could not load', async () => {
    const { git, diffs } = await scmFixture(['a.ts']);
    git.notify(gitStatus({ items: [item('a.ts')] }));
    git.failures.set('remoteContent', new GitPortError('failed', 'Could not complete git/remoteContent: Connection closed', undefined, 'disconnected'));
    await diffs.open('a.ts');
    expect(diffs.sidesOf('a.ts')).toEqual({ kind: 'FAILED', message: 'Could not complete git/remoteContent: Connection closed' });
  });

  it('reloads the sides when the status changes (a commit moves HEAD)', async () => {
    const { git, diffs, files } = await scmFixture(['a.ts']);
    git.notify(gitStatus({ head: 'one', items: [item('a.ts')] }));
    git.atHead.set('one:a.ts', 'v1\n');
    git.atHead.set('two:a.ts', 'v2\n');
    await diffs.open('a.ts');
    files.disk.set('a.ts', 'v2\n');
    git.notify(gitStatus({ head: 'two' }));
    await settle();
    expect(diffs.sidesOf('a.ts')).toEqual({ kind: 'READY', original: 'v2\n', modified: { kind: 'file', text: 'v2\n' } });
  });

  it('gives the editor area back when a file tab becomes active, and closes tabs', async () => {
    const { git, diffs, editor } = await scmFixture(['a.ts', 'b.ts']);
    git.notify(gitStatus({ items: [item('a.ts'), item('b.ts')] }));
    await diffs.open('a.ts');
    await diffs.open('b.ts');
    await editor.open('id:a.ts');
    expect(diffs.active).toBeUndefined();
    diffs.activate('a.ts');
    expect(diffs.activePath).toBe('a.ts');
    diffs.close('a.ts');
    expect(diffs.activePath).toBe('b.ts');
    diffs.close('b.ts');
    expect(diffs.active).toBeUndefined();
    expect(diffs.tabs).toEqual([]);
  });
});
