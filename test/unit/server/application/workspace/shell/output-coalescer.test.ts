import { COALESCE_MAX_CHARS, OutputCoalescer } from '../../../../../../src/server/application/workspace/shell/output-coalescer';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('OutputCoalescer', () => {
  it('hands on the first chunk of a turn at once and joins the rest of the turn into one piece', async () => {
    const out: string[] = [];
    const c = new OutputCoalescer((s) => out.push(s));
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
    const c = new OutputCoalescer((s) => out.push(s));
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
