import { AccessStore } from '../../../../src/application/workspace/access.store';
import { AccessLevel, FakeConnection } from './fake-connection';

/** This client's permissions as a writer (or a reader) that joined: the AccessStore over a fake connection. */
export function accessAs(level: AccessLevel = 'write'): { access: AccessStore; connection: FakeConnection } {
  const connection = new FakeConnection();
  const access = new AccessStore(connection);
  connection.join('me', undefined, false, level);
  return { access, connection };
}
