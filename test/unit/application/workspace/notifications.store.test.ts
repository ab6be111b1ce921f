import { NOTICE_LIFETIME_MS, NotificationsStore } from '../../../../src/application/workspace/notifications.store';

describe('NotificationsStore', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const messages = (store: NotificationsStore) => store.notices.map((n) => `${n.variant}: ${n.message}`);

  it('shows a message once while it is shown', () => {
    const store = new NotificationsStore();
    store.show('error', 'Could not save');
    store.show('error', 'Could not save');
    expect(messages(store)).toEqual(['error: Could not save']);
    store.dismiss(store.notices[0].id);
    store.show('error', 'Could not save');
    expect(messages(store)).toEqual(['error: Could not save']);
  });

  it('lets an info or success notice go after its lifetime; errors and warnings stay until dismissed', () => {
    const store = new NotificationsStore();
    store.show('info', 'Branch was renamed as "x"');
    store.show('success', 'Pushed');
    store.show('error', 'Could not push');
    store.show('warning', 'Disk almost full');
    jest.advanceTimersByTime(NOTICE_LIFETIME_MS - 1);
    expect(messages(store)).toHaveLength(4);
    jest.advanceTimersByTime(1);
    expect(messages(store)).toEqual(['error: Could not push', 'warning: Disk almost full']);
  });

  it('a notice dismissed early leaves a later one with the same text in place', () => {
    const store = new NotificationsStore();
    store.show('info', 'Saved');
    jest.advanceTimersByTime(NOTICE_LIFETIME_MS / 2);
    store.dismiss(store.notices[0].id);
    store.show('info', 'Saved');
    jest.advanceTimersByTime(NOTICE_LIFETIME_MS / 2);
    expect(messages(store)).toEqual(['info: Saved']);
    jest.advanceTimersByTime(NOTICE_LIFETIME_MS / 2);
    expect(messages(store)).toEqual([]);
  });
});

describe('NotificationsStore as the notifications list (spec 000 §4)', () => {
  it('ignores a notice whose unique name is listed, and dismisses by unique name', () => {
    const store = new NotificationsStore();
    store.show('warning', 'Disconnected', 'connection');
    store.show('warning', 'Still disconnected', 'connection');
    store.show('error', 'Could not save');
    expect(store.notices.map((n) => n.message)).toEqual(['Disconnected', 'Could not save']);
    store.dismiss({ uniqueName: 'connection' });
    expect(store.notices.map((n) => n.message)).toEqual(['Could not save']);
    store.dismiss({ id: store.notices[0]!.id });
    expect(store.notices).toEqual([]);
    store.dispose();
  });
});
