import { ClientReplay } from '../client-harness';
import { loadFixture } from '../fixtures';
import { FixtureFrame, Json, encodeJsonable, hydrate, toHex } from '../wire';

type Message = Record<string, Json>;
const message = (f: FixtureFrame) => f.decoded as Message;

/** The frame with its number placeholders (`<num:port>`…) turned into numbers, as client code must get numbers. */
export const hydrated = (frame: FixtureFrame): FixtureFrame => {
  const decoded = hydrate(frame.decoded);
  return { ...frame, decoded, hex: toHex(encodeJsonable(decoded)) };
};

/**
 * Calls real client code that sends one request, checks it sent the fixture's request byte for byte (ids aside), and
 * feeds it the recorded response. `method` picks the request when the fixture sends more than one (default: the
 * fixture's own method).
 */
export function answerFromFixture<T>(replay: ClientReplay, name: string, call: () => Promise<T>, method?: string): Promise<T> {
  const fixture = loadFixture(name);
  const wanted = method ?? fixture.method;
  const out = fixture.frames.find((f) => f.direction === 'out' && message(f).method === wanted);
  if (!out) throw new Error(`${name} sends no ${wanted}`);
  const response = fixture.frames.find((f) => f.direction === 'in' && f.client === out.client && message(f).id === message(out).id && 'status' in message(f));
  if (!response) throw new Error(`${name} has no response to its ${wanted}`);
  const pending = call();
  const id = replay.expectRequest(out);
  replay.deliver(hydrated(response), id);
  return pending;
}

/** The fixture's recorded notifications of `method` (to `client`, when given), hydrated. */
export function notificationsOf(name: string, method: string, client?: FixtureFrame['client']): FixtureFrame[] {
  return loadFixture(name)
    .frames.filter((f) => f.direction === 'in' && !('id' in message(f)) && message(f).method === method && (client === undefined || f.client === client))
    .map(hydrated);
}

/** Feeds the fixture's notifications of `method` (to `client`) to the client; returns their hydrated params. */
export function deliverNotifications(replay: ClientReplay, name: string, method: string, client?: FixtureFrame['client']): any[] {
  const frames = notificationsOf(name, method, client);
  if (frames.length === 0) throw new Error(`${name} recorded no ${method}`);
  for (const f of frames) replay.deliver(f);
  return frames.map((f) => message(f).params);
}

/** The hydrated result (or error) of the fixture's response to its request (or to `method`). */
export function responseOf(name: string, method?: string): any {
  const fixture = loadFixture(name);
  const wanted = method ?? fixture.method;
  const out = fixture.frames.find((f) => f.direction === 'out' && message(f).method === wanted)!;
  const response = fixture.frames.find((f) => f.direction === 'in' && f.client === out.client && message(f).id === message(out).id && 'status' in message(f))!;
  return hydrate(response.decoded);
}
