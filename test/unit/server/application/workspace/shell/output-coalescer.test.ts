import { COALESCE_MAX_CHARS, OutputCoalescer } from '../../../../../../src/server/application/workspace/shell/output-coalescer';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('OutputCoalescer with a window of 0 (one turn)', () => {
  it('hands on the first chunk of a turn at once and joins the rest of the turn into one piece', async () => {
    const out: string[] = [];
    const c = new OutputCoalescer((s) => out.push(s), 0);
    c.push('a');
    expect(out).toEqual(['a']);
    c.push('b');
    c.push('c');
    expect(out).toEqual(['a']);
    await nextTurn();
    expect(out).toEqual(['a', 'bc']);
    await nextTurn();
    c.push('d');
    expect(out).toEqual(['a', 'bc', 'd']);
  });

  it('hands on a piece as soon as it reaches the size limit, and everything on flush, in order', () => {
    const out: string[] = [];
    const c = new OutputCoalescer((s) => out.push(s));
    c.push('x');
    c.push('y'.repeat(COALESCE_MAX_CHARS));
    expect(out).toEqual(['x', 'y'.repeat(COALESCE_MAX_CHARS)]);
    c.push('z');
    c.flush();
    expect(out.join('')).toBe('x' + 'y'.repeat(COALESCE_MAX_CHARS) + 'z');
    c.dispose();
  });

  it('drops nothing and reorders nothing over many turns', async () => {
    const out: string[] = [];
    const c = new OutputCoalescer((s) => out.push(s), 0);
    let expected = '';
    for (let turn = 0; turn < 20; turn++) {
      for (let i = 0; i < turn % 5; i++) {
        const piece = `${turn}.${i};`;
        expected += piece;
        c.push(piece);
      }
      await nextTurn();
    }
    c.flush();
    expect(out.join('')).toBe(expected);
  });
});

describe('OutputCoalescer with a window', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] }));
  afterEach(() => jest.useRealTimers());

  it('hands on the first chunk at once and joins what follows over several turns until the window ends', async () => {
    const out: string[] = [];
    const c = new OutputCoalescer((s) => out.push(s), 5);
    c.push('a');
    expect(out).toEqual(['a']);
    c.push('b');
    await nextTurn();
    c.push('c');
    await nextTurn();
    jest.advanceTimersByTime(4);
    expect(out).toEqual(['a']);
    jest.advanceTimersByTime(1);
    expect(out).toEqual(['a', 'bc']);
  });

  it('keeps joining while output keeps coming, and hands on the next chunk at once after a quiet window', () => {
    const out: string[] = [];
    const c = new OutputCoalescer((s) => out.push(s), 5);
    c.push('a');
    c.push('b');
    jest.advanceTimersByTime(5);
    c.push('c');
    c.push('d');
    expect(out).toEqual(['a', 'b']);
    jest.advanceTimersByTime(5);
    expect(out).toEqual(['a', 'b', 'cd']);
    jest.advanceTimersByTime(5);
    c.push('e');
    expect(out).toEqual(['a', 'b', 'cd', 'e']);
    c.dispose();
  });

  it('hands on a piece as soon as it reaches the size limit, without waiting for the window', () => {
    const out: string[] = [];
    const c = new OutputCoalescer((s) => out.push(s), 5);
    c.push('x');
    c.push('y'.repeat(COALESCE_MAX_CHARS - 1));
    c.push('z');
    expect(out).toEqual(['x', 'y'.repeat(COALESCE_MAX_CHARS - 1) + 'z']);
    c.push('after');
    c.flush();
    expect(out.join('')).toBe('x' + 'y'.repeat(COALESCE_MAX_CHARS - 1) + 'zafter');
  });

  it('drops what it holds on dispose and sends nothing afterwards', () => {
    const out: string[] = [];
    const c = new OutputCoalescer((s) => out.push(s), 5);
    c.push('a');
    c.push('b');
    c.dispose();
    jest.advanceTimersByTime(10);
    expect(out).toEqual(['a']);
  });
});
