import { offersEnableExtensions } from '../../../../src/domain/workbench/extensions-indicator';

describe("the 'Enable VSCode Extensions' offer (spec 002 §6)", () => {
  it('needs shell create permission, shell IO capability and no remote server', () => {
    expect(offersEnableExtensions({ canCreateShells: true, shellIo: true, hasRemoteServer: false })).toBe(true);
    expect(offersEnableExtensions({ canCreateShells: false, shellIo: true, hasRemoteServer: false })).toBe(false);
    expect(offersEnableExtensions({ canCreateShells: true, shellIo: false, hasRemoteServer: false })).toBe(false);
    expect(offersEnableExtensions({ canCreateShells: true, shellIo: true, hasRemoteServer: true })).toBe(false);
  });
});
