import { interfaces } from 'inversify';
import { bindPlatform } from '../../../../src/composition/platform-bindings';
import { FakeAuth, FakeCredentials, FakeWindows, fakeAccount } from '../../application/session/session-fakes';

/** Binds the platform's stores over fakes of its ports into a view test's container; returns the fakes. */
export function bindPlatformFakes(c: interfaces.Container, account = fakeAccount()) {
  const fakes = { auth: new FakeAuth(), credentials: new FakeCredentials(), windows: new FakeWindows(), account };
  bindPlatform(c as never, fakes);
  return fakes;
}
