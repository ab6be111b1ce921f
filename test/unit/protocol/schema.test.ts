import { empty, object, optional, string } from '../../../src/protocol/schema';

describe('params schemas refuse unknown fields', () => {
  const shape = object({ id: string(), note: optional(string()) });

  it('a map refuses a field it does not know, naming it', () => {
    expect(shape({ id: 'a', idd: 'b' }, 'params')).toEqual({ ok: false, error: 'params.idd is not a known field' });
    expect(shape({ id: 'a', note: null }, 'params')).toEqual({ ok: true, value: { id: 'a' } });
  });

  it('an open map (client/join) ignores fields it does not know', () => {
    expect(object.open({ id: string() })({ id: 'a', extra: 1 }, 'params')).toEqual({ ok: true, value: { id: 'a' } });
  });

  it('empty params accept nil and {} but not a map with fields', () => {
    expect(empty(null, 'params')).toEqual({ ok: true, value: {} });
    expect(empty({}, 'params')).toEqual({ ok: true, value: {} });
    expect(empty({ x: 1 }, 'params')).toEqual({ ok: false, error: 'params.x is not a known field' });
    expect(empty([1], 'params').ok).toBe(false);
  });
});
