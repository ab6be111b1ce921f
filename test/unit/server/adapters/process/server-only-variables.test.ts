import { withoutServerSettings } from '../../../../../src/server/adapters/process/server-only-variables';

describe('withoutServerSettings (what an unsandboxed workspace process inherits)', () => {
  it("leaves out Bullpen's own settings and credentials, and keeps the rest", () => {
    const env = {
      PATH: '/usr/bin',
      HOME: '/home/dev',
      PORT: '3000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://bullpen:secret@db/bullpen',
      BULLPEN_BOOTSTRAP_TOKEN: 'a-long-bootstrap-token',
      BULLPEN_DATA: '/srv/bullpen',
      NODE_ENV: 'production',
      UNSET: undefined,
    };
    expect(withoutServerSettings(env)).toEqual({ PATH: '/usr/bin', HOME: '/home/dev', NODE_ENV: 'production' });
  });
});
