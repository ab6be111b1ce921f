/** An entry of the notifications list (spec 000 §3 "Notification": id, read, type, uniqueName). */
export interface ListedNotification {
  readonly id: number | string;
  /** Entries with the same unique name are one notification: a second is not added. */
  readonly uniqueName: string;
}

/** What to dismiss: one entry by its id, or the entry of a unique name. */
export type NotificationTarget = { readonly id: number | string } | { readonly uniqueName: string };

/** Spec 000 §4 "Notifications list" — add: ignored when an entry with the same unique name exists. */
export function addNotification<N extends ListedNotification>(list: readonly N[], entry: N): readonly N[] {
  return list.some((n) => n.uniqueName === entry.uniqueName) ? list : [...list, entry];
}

/** Spec 000 §4 — dismiss: by id or by unique name. */
export function dismissNotification<N extends ListedNotification>(list: readonly N[], target: NotificationTarget): readonly N[] {
  const next = 'id' in target ? list.filter((n) => n.id !== target.id) : list.filter((n) => n.uniqueName !== target.uniqueName);
  return next.length === list.length ? list : next;
}
