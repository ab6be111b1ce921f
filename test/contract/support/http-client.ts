import * as http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RawRequest {
  method?: string;
  /** Path and query, e.g. `/api/v1/vm/<id>/start`. */
  path: string;
  /** Sent as given: Host, Origin, Cookie, Authorization… (Host defaults to 127.0.0.1:<port>). */
  headers?: Record<string, string>;
  body?: string;
}

/** One HTTP request to 127.0.0.1:<port> with exactly the headers given (fetch would not send a forged Host). */
export function rawRequest(port: number, request: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: request.method ?? 'GET', path: request.path, headers: request.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(request.body);
  });
}

/** A websocket upgrade request: 101 when the server took the socket over (it is closed again at once), else the HTTP refusal. */
export function rawUpgrade(port: number, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path,
      headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==', ...headers },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 101, headers: res.headers, body: '' });
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The `name=value` part of a Set-Cookie header, to send back as a Cookie header. */
export function cookieFrom(response: RawResponse): string {
  const header = response.headers['set-cookie']?.[0];
  if (!header) throw new Error(`no Set-Cookie in a ${response.status} response`);
  return header.split(';')[0];
}

/** The path and query of a pitcher URL plus the token, as PitcherClient and the SDK build it (`…/?token=`). */
export function pitcherPath(host: { pitcherUrl: string; pitcherToken: string }, slash = true): string {
  const url = new URL(host.pitcherUrl);
  return `${url.pathname}${slash ? '/' : ''}?token=${encodeURIComponent(host.pitcherToken)}`;
}
