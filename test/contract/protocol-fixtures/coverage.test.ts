import { isRequestMethod, paramsSchemas } from '../../../src/protocol';
import { familyOf, hasFixture, listFixtures, loadFixture } from '../support/fixtures';
import { NOTIFICATION_SHAPES } from '../support/protocol-shapes';
import { Json } from '../support/wire';

type Message = Record<string, Json>;

/**
 * Notifications of the protocol the real server cannot be made to send, each with the reason. Everything else must
 * occur in some fixture.
 */
const NOT_RECORDABLE: Record<string, string> = {};

const fixtures = listFixtures().map((name) => ({ name, fixture: loadFixture(name) }));
const requestMethods = Object.keys(paramsSchemas).sort();
const notificationMethods = Object.keys(NOTIFICATION_SHAPES).sort();
const messages = (direction: 'in' | 'out') =>
  fixtures.flatMap(({ name, fixture }) => fixture.frames.filter((f) => f.direction === direction).map((f) => ({ name, m: f.decoded as Message })));
const notificationsSeen = new Set(
  messages('in')
    .filter(({ m }) => !('id' in m))
    .map(({ m }) => m.method as string),
);

describe('every method of the protocol has recorded fixtures', () => {
  it('finds the fixtures', () => {
    expect(fixtures.length).toBeGreaterThan(requestMethods.length);
  });

  it.each(requestMethods)('%s has its fixture, whose request and response are for it', (method) => {
    expect(hasFixture(method)).toBe(true);
    const fixture = loadFixture(method);
    expect(fixture.method).toBe(method);
    expect((fixture.request as Message).method).toBe(method);
    const out = fixture.frames.find((f) => f.direction === 'out' && (f.decoded as Message).method === method)!;
    const id = (out.decoded as Message).id;
    expect(
      fixture.frames.some(
        (f) => f.direction === 'in' && f.client === out.client && (f.decoded as Message).id === id && (f.decoded as Message).method === method,
      ),
    ).toBe(true);
  });

  it('names every fixture after a request method of the protocol', () => {
    expect(fixtures.map(({ name }) => name.split('.')[0]).filter((m) => !isRequestMethod(m))).toEqual([]);
  });

  it.each(notificationMethods)('notification %s was recorded, or cannot be', (method) => {
    if (method in NOT_RECORDABLE) expect(notificationsSeen.has(method)).toBe(false);
    else expect(notificationsSeen.has(method)).toBe(true);
  });

  it('lists only notifications of the protocol as not recordable', () => {
    expect(Object.keys(NOT_RECORDABLE).filter((m) => !notificationMethods.includes(m))).toEqual([]);
  });

  it('has at least one error response per family', () => {
    const families = [...new Set(requestMethods.map(familyOf))].sort();
    const withErrors = new Set(
      messages('in')
        .filter(({ m }) => 'error' in m)
        .map(({ m }) => familyOf(m.method as string)),
    );
    expect(families.filter((f) => !withErrors.has(f))).toEqual([]);
  });

  it('records the error codes the brief asks for: a raw fs error with errno, INVALID_PARAMS, NO_ACCESS from a reader', () => {
    const errors = messages('in')
      .filter(({ m }) => 'error' in m)
      .map(({ name, m }) => ({ name, error: m.error as Message }));
    expect(errors.find(({ error }) => error.code === 102)?.error.data).toMatchObject({ errno: -2 });
    expect(errors.some(({ error }) => error.code === 1001)).toBe(true);
    const noAccess = errors.filter(({ error }) => error.code === 2).map(({ name }) => loadFixture(name));
    expect(noAccess.some((f) => f.frames.some((fr) => fr.client === 'R'))).toBe(true);
  });
});
