import { rovingTarget } from '../../../../src/domain/workbench/roving-focus';

describe('rovingTarget', () => {
  it('moves right and left, wrapping around, and to the ends with Home and End', () => {
    expect(rovingTarget('ArrowRight', 0, 3)).toBe(1);
    expect(rovingTarget('ArrowRight', 2, 3)).toBe(0);
    expect(rovingTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(rovingTarget('ArrowLeft', 2, 3)).toBe(1);
    expect(rovingTarget('Home', 2, 3)).toBe(0);
    expect(rovingTarget('End', 0, 3)).toBe(2);
  });

  it('leaves other keys, and an empty row, alone', () => {
    expect(rovingTarget('ArrowDown', 0, 3)).toBeUndefined();
    expect(rovingTarget('Enter', 0, 3)).toBeUndefined();
    expect(rovingTarget('ArrowRight', 0, 0)).toBeUndefined();
  });

  it('starts from the nearest control when the index is out of the row', () => {
    expect(rovingTarget('ArrowRight', 7, 3)).toBe(0);
    expect(rovingTarget('ArrowLeft', -1, 3)).toBe(2);
  });
});
