import { errorBodyMessage, interpretApiResponse } from '../../../../src/domain/api/api-response';

const url = 'http://localhost:3000/api/v1/users/current';

describe('interpretApiResponse (spec 000 §8, a test per row)', () => {
  it('status 404 is NOT_FOUND', () => {
    expect(interpretApiResponse({ url, status: 404, body: { errors: ['Sandbox not found'] } })).toEqual({ ok: false, error: { status: 404, message: 'Sandbox not found', type: 'NOT_FOUND' } });
  });
  it("a message saying 'not found' is NOT_FOUND whatever the status", () => {
    expect(interpretApiResponse({ url, status: 400, body: { error: 'User not found' } })).toEqual({ ok: false, error: { status: 400, message: 'User not found', type: 'NOT_FOUND' } });
  });
  it('status 402 is WORKSPACE_FROZEN', () => {
    expect(interpretApiResponse({ url, status: 402, body: { errors: ['This workspace is frozen'] } })).toEqual({ ok: false, error: { status: 402, message: 'This workspace is frozen', type: 'WORKSPACE_FROZEN' } });
  });
  it('status 204 is an empty result', () => {
    expect(interpretApiResponse({ url, status: 204 })).toEqual({ ok: true, value: undefined });
  });
  it("a 2xx body gives its data (or the body when it has no data field)", () => {
    expect(interpretApiResponse({ url, status: 200, body: { data: { id: 'u1' } } })).toEqual({ ok: true, value: { id: 'u1' } });
    expect(interpretApiResponse({ url, status: 200, body: { redirectUrl: 'https://sso' } })).toEqual({ ok: true, value: { redirectUrl: 'https://sso' } });
  });
  it('a 2xx body with no data but an errors array fails with the first error message', () => {
    expect(interpretApiResponse({ url, status: 200, body: { errors: [{ message: 'first' }, { message: 'second' }] } })).toEqual({ ok: false, error: { status: 200, message: 'first' } });
  });
  describe('a non-2xx body is turned into a message', () => {
    it.each([
      ['errors as a list of strings', { errors: ['Username is taken', 'other'] }, 'Username is taken'],
      ['errors as a list of objects', { errors: [{ message: 'Invalid e-mail' }] }, 'Invalid e-mail'],
      ['errors with a detail field', { errors: { detail: 'Token expired' } }, 'Token expired'],
      ['errors with a code field', { errors: { code: 'RATE_LIMITED' } }, 'RATE_LIMITED'],
      ['errors with an id field', { errors: { id: 'E123' } }, 'E123'],
      ['errors keyed by field', { errors: { username: ['has already been taken'] } }, 'username: has already been taken'],
      ['an error field', { error: 'Wrong username or password' }, 'Wrong username or password'],
      ['code plus message', { code: 'E_FORBIDDEN', message: 'You cannot do that' }, 'You cannot do that'],
    ])('%s', (_case, body, message) => {
      expect(errorBodyMessage(body)).toBe(message);
      expect(interpretApiResponse({ url, status: 422, body })).toEqual({ ok: false, error: { status: 422, message } });
    });
  });
  it("a non-2xx body of any other shape is 'Unknown error'", () => {
    for (const body of [undefined, 'oops', { message: 'no code' }, { errors: [] }, [1, 2]]) {
      expect(interpretApiResponse({ url, status: 500, body })).toEqual({ ok: false, error: { status: 500, message: 'Unknown error' } });
    }
  });
  it('an unparseable body fails with an error quoting the URL, the data and the error', () => {
    const result = interpretApiResponse({ url, status: 502, unparseable: { data: '<html>Bad gateway</html>', error: 'Unexpected token <' } });
    expect(result.ok).toBe(false);
    const message = !result.ok ? result.error.message : '';
    expect(message).toContain(url);
    expect(message).toContain('<html>Bad gateway</html>');
    expect(message).toContain('Unexpected token <');
  });
});
