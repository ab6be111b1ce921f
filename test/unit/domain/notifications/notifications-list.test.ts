import { addNotification, dismissNotification } from '../../../../src/domain/notifications/notifications-list';

const a = { id: 1, uniqueName: 'saved' };
const b = { id: 2, uniqueName: 'offline' };

describe('notifications list (spec 000 §4)', () => {
  it('adds an entry, and ignores one whose unique name is already listed', () => {
    const list = addNotification([], a);
    expect(addNotification(list, b)).toEqual([a, b]);
    const same = addNotification(list, { id: 3, uniqueName: 'saved' });
    expect(same).toBe(list);
  });

  it('dismisses by id or by unique name; dismissing what is not listed changes nothing', () => {
    const list = [a, b];
    expect(dismissNotification(list, { id: 2 })).toEqual([a]);
    expect(dismissNotification(list, { uniqueName: 'saved' })).toEqual([b]);
    expect(dismissNotification(list, { id: 9 })).toBe(list);
  });
});
