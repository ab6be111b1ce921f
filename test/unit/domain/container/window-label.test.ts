import { documentTitle, windowLabel } from '../../../../src/domain/container/window-label';

describe('window label', () => {
  it("is 'Sandbox' or 'Devbox', with '(Web)' when there is no server", () => {
    expect(windowLabel({ isDevbox: false, hasServer: true })).toBe('Sandbox');
    expect(windowLabel({ isDevbox: true, hasServer: true })).toBe('Devbox');
    expect(windowLabel({ isDevbox: false, hasServer: false })).toBe('Sandbox (Web)');
    expect(windowLabel({ isDevbox: true, hasServer: false })).toBe('Devbox (Web)');
  });

  it('titles the browser tab with the sandbox, the label and the product', () => {
    expect(documentTitle('my app', 'Devbox')).toBe('my app - Devbox - Bullpen');
  });
});
