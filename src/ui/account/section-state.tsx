import { ReactNode } from 'react';
import { Loadable } from '../../application/account/loadable';
import { Banner } from '../widgets/banner';
import { LoadingButton } from '../widgets/loading-button';

/** A section's loaded content, or its loading indicator, or why it failed with a way to try again. */
export function SectionState<T>({ value, retry, children }: { value: Loadable<T>; retry: () => void; children: (value: T) => ReactNode }) {
  if (value.kind === 'loading') {
    return (
      <div className="bp-account-loading" role="status">
        <span className="bp-spinner" aria-hidden /> Loading
      </div>
    );
  }
  if (value.kind === 'failed') {
    return (
      <Banner variant="error">
        Could not load this: {value.message}{' '}
        <LoadingButton variant="ghost" onClick={retry}>
          Try again
        </LoadingButton>
      </Banner>
    );
  }
  return <>{children(value.value)}</>;
}
