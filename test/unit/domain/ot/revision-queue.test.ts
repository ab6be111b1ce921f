import { RevisionQueue } from '../../../../src/domain/ot/revision-queue';

describe('RevisionQueue', () => {
  it('hands held operations over strictly in revision order, while open, dropping what the revision already covers', () => {
    const queue = new RevisionQueue<string>(10);
    let revision = 3;
    queue.hold(6, 'six', revision);
    queue.hold(5, 'five', revision);
    queue.hold(3, 'stale', revision); // not after the current revision
    queue.hold(2, 'older', revision);
    expect(queue.size).toBe(2);
    const applied: string[] = [];
    const apply = (item: string) => {
      applied.push(item);
      revision++;
    };
    queue.drain(() => revision, () => true, apply);
    expect(applied).toEqual([]); // 4 is missing: nothing moves
    revision = 4; // revision 4 arrived and was applied directly
    queue.drain(() => revision, () => true, apply);
    expect(applied).toEqual(['five', 'six']);
    expect(queue.size).toBe(0);
  });

  it('stops while closed, and forgets revisions a resync moved past', () => {
    const queue = new RevisionQueue<string>(10);
    queue.hold(2, 'two', 0);
    queue.hold(3, 'three', 0);
    let revision = 1;
    queue.drain(() => revision, () => false, () => revision++);
    expect(queue.size).toBe(2);
    revision = 2; // a resync's content reached revision 2
    const applied: string[] = [];
    queue.drain(() => revision, () => true, (item) => (applied.push(item), revision++));
    expect(applied).toEqual(['three']);
  });

  it('holds at most its capacity', () => {
    const queue = new RevisionQueue<number>(2);
    for (let r = 5; r < 10; r++) queue.hold(r, r, 0);
    expect(queue.size).toBe(2);
  });
});
