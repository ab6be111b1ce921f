import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { NotificationPreferencesStore } from '../../application/account/notification-preferences.store';
import { NOTIFICATION_PREFERENCE_GROUPS, NOTIFICATION_PREFERENCE_LABELS, groupCheckState } from '../../domain/account/notification-preferences';
import { useService } from '../di/container-context';
import { Checkbox } from '../widgets/checkbox';
import { Collapsible } from '../widgets/collapsible';
import { SectionState } from './section-state';

/** Notification preferences (spec 000 §3), in groups whose 'all' box is checked, unchecked or indeterminate. */
export const NotificationsSection = observer(function NotificationsSection() {
  const store = useService(NotificationPreferencesStore);
  useEffect(() => void store.load(), [store]);
  return (
    <section className="bp-account-section" aria-labelledby="bp-account-notifications">
      <h2 id="bp-account-notifications">Notifications</h2>
      <SectionState value={store.preferences} retry={() => void store.load()}>
        {(preferences) => (
          <>
            {NOTIFICATION_PREFERENCE_GROUPS.map((group) => (
              <fieldset key={group.title} className="bp-account-fieldset">
                <legend className="bp-visually-hidden">{group.title}</legend>
                <Checkbox
                  state={groupCheckState(preferences, group.names)}
                  onChange={(on) => void store.change(group.names, on)}
                  label={<strong>{group.title}: all</strong>}
                />
                <Collapsible title={`${group.title}: each`} defaultOpen>
                  {group.names.map((name) => (
                    <div key={name}>
                      <Checkbox state={preferences[name]} onChange={(on) => void store.change([name], on)} label={NOTIFICATION_PREFERENCE_LABELS[name]} />
                    </div>
                  ))}
                </Collapsible>
              </fieldset>
            ))}
          </>
        )}
      </SectionState>
    </section>
  );
});
