import { LspRequestError, failedToSendRequest } from '../../../../src/application/ports/language.port';
import { LSP_CONTENT_MODIFIED, LSP_REQUEST_CANCELLED, LSP_SERVER_CANCELLED, isQuietLspFailure } from '../../../../src/application/language/lsp-failure';

describe('isQuietLspFailure (issue 19 item 5: language features fail quietly while offline)', () => {
  it('is quiet when the request never reached a server: disconnected, reconnecting, or no server for the language', () => {
    expect(isQuietLspFailure(new LspRequestError(failedToSendRequest('Not able to send message in state RECONNECTING'), undefined, 'disconnected'))).toBe(true);
    expect(isQuietLspFailure(new LspRequestError(failedToSendRequest('no language server for rust'), undefined))).toBe(true);
  });

  it.each([LSP_REQUEST_CANCELLED, LSP_CONTENT_MODIFIED, LSP_SERVER_CANCELLED])('is quiet when the server answers %i (cancelled, content modified)', (code) => {
    expect(isQuietLspFailure(new LspRequestError('cancelled', { code, message: 'cancelled' }))).toBe(true);
  });

  it("is not quiet for a server's own error, or for anything that is not a language request's failure", () => {
    expect(isQuietLspFailure(new LspRequestError('Internal error', { code: -32603, message: 'Internal error' }))).toBe(false);
    expect(isQuietLspFailure(new Error('bug'))).toBe(false);
    expect(isQuietLspFailure(undefined)).toBe(false);
  });
});
