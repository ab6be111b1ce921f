import { RunningServer } from '../../../src/server/bullpen-server';
import { removeDir, startTestServer, tempDataDir } from '../support/server-harness';

/** Spec 000 §8 / protocol.md §7.1: every failed HTTP call answers JSON `{ errors: [message] }`. */
describe('HTTP API errors', () => {
  let dataDir: string;
  let server: RunningServer;

  beforeAll(async () => {
    dataDir = tempDataDir();
    server = await startTestServer(dataDir);
  });

  afterAll(async () => {
    await server.close();
    removeDir(dataDir);
  });

  const call = async (method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) => {
    const response = await fetch(`${server.url}${path}`, { method, ...init });
    return { status: response.status, type: response.headers.get('content-type') ?? '', body: (await response.json()) as unknown };
  };

  it('answers 404 with the error shape for an unknown sandbox', async () => {
    expect(await call('GET', '/api/v1/sandboxes/nosuchbox')).toMatchObject({ status: 404, body: { errors: ['Sandbox not found'] } });
    expect(await call('POST', '/api/v1/vm/nosuchbox/start')).toMatchObject({ status: 404, body: { errors: ['Sandbox not found'] } });
  });

  it('answers 404 with the error shape for an unknown API route', async () => {
    expect(await call('GET', '/api/v1/nothing/here')).toMatchObject({ status: 404, body: { errors: ['Not found'] } });
  });

  it('rejects a malformed JSON body with 400 and a message', async () => {
    const result = await call('POST', `/api/v1/vm/${server.defaultSandboxId}/start`, { body: '{"broken":', headers: { 'content-type': 'application/json' } });
    expect(result.status).toBe(400);
    expect(result.type).toContain('application/json');
    expect((result.body as { errors: string[] }).errors).toHaveLength(1);
  });

  it('says what is wrong with a JSON body: not JSON, or JSON holding a __proto__ key (refused, not called invalid)', async () => {
    const post = (body: string) => call('POST', `/api/v1/vm/${server.defaultSandboxId}/start`, { body, headers: { 'content-type': 'application/json' } });
    const broken = await post('{"broken":');
    expect(broken.status).toBe(400);
    expect((broken.body as { errors: string[] }).errors[0]).toMatch(/^The body is not valid JSON: /);
    const refused = 'The JSON body holds a "__proto__" key or a "constructor" with a "prototype", which are refused: they could change the server\'s objects';
    for (const body of ['{"__proto__": {"polluted": true}}', '{"options": {"constructor": {"prototype": {"polluted": true}}}}']) {
      expect(await post(body)).toMatchObject({ status: 400, body: { errors: [refused] } });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The same key names as plain values, and a "constructor" without a prototype, are fine.
    expect((await post('{"note": "__proto__", "constructor": "x"}')).status).toBe(200);
  });

  it('rejects an oversized body with 413 and stays up', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) });
    const result = await call('POST', `/api/v1/vm/${server.defaultSandboxId}/start`, { body, headers: { 'content-type': 'application/json' } });
    expect(result.status).toBe(413);
    expect((result.body as { errors: string[] }).errors).toHaveLength(1);
    expect(await call('GET', `/api/v1/sandboxes/${server.defaultSandboxId}`)).toMatchObject({ status: 200, body: { data: { id: server.defaultSandboxId } } });
  });

  it('starts a known sandbox with the host response fields the SDK reads', async () => {
    const result = await call('POST', `/api/v1/vm/${server.defaultSandboxId}/start`);
    expect(result.status).toBe(200);
    expect(result.type).toContain('application/json');
    expect(result.body).toMatchObject({ data: { pitcher_url: `ws://localhost:${server.port}/pitcher/${server.defaultSandboxId}`, pitcher_token: expect.any(String), user_workspace_path: '/' } });
  });
});
