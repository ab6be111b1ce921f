import { RESYNC_ORDER_AFTER_INSTANCE_CHANGE, RESYNC_ORDER_AFTER_RECONNECT, resyncFamilies } from '../../../../src/domain/connection';

describe('resync order', () => {
  it('after a reconnect is clients, git, ports, setup, shells, languages, tasks, system, commands, fs, files, channels', () => {
    expect(RESYNC_ORDER_AFTER_RECONNECT).toEqual(['clients', 'git', 'ports', 'setup', 'shells', 'languages', 'tasks', 'system', 'commands', 'fs', 'files', 'channels']);
    expect(resyncFamilies('reconnect', { gitStatus: true })).toEqual(RESYNC_ORDER_AFTER_RECONNECT);
  });

  it('after a seamless switch is files, git, tasks, ports, clients, shells, languages, channels', () => {
    expect(RESYNC_ORDER_AFTER_INSTANCE_CHANGE).toEqual(['files', 'git', 'tasks', 'ports', 'clients', 'shells', 'languages', 'channels']);
  });

  it('leaves git out without the git status permission', () => {
    expect(resyncFamilies('reconnect', { gitStatus: false })).not.toContain('git');
    expect(resyncFamilies('instance-change', { gitStatus: false })).toEqual(['files', 'tasks', 'ports', 'clients', 'shells', 'languages', 'channels']);
  });
});
