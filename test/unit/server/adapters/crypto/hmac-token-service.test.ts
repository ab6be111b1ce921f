import { HmacTokenService } from '../../../../../src/server/adapters/crypto/hmac-token-service';

describe('HmacTokenService.verify', () => {
  const now = 1_700_000_000_000;
  const tokens = new HmacTokenService(Buffer.alloc(32, 7), () => now);
  const token = tokens.sign('pitcher', { sandboxId: 's1' }, 60);

  it('accepts the token it signed, for its purpose, before it expires', () => {
    expect(tokens.verify('pitcher', token)).toEqual({ sandboxId: 's1' });
    expect(tokens.verify('session', token)).toBeUndefined();
    expect(new HmacTokenService(Buffer.alloc(32, 7), () => now + 60_000).verify('pitcher', token)).toBeUndefined();
  });

  it('refuses a valid token with anything appended, prepended or inserted', () => {
    const [body, mac] = token.split('.');
    for (const forged of [`${token}.extra`, `${token}.`, `${token}=`, `${body}.${mac}.${mac}`, `${body}..${mac}`, `.${token}`, ` ${token}`, `${token} `, `${token}\n`]) {
      expect({ forged, claim: tokens.verify('pitcher', forged) }).toEqual({ forged, claim: undefined });
    }
  });

  it('refuses a signed payload that is not an object', () => {
    const signer = new HmacTokenService(Buffer.alloc(32, 7), () => now);
    expect(signer.verify('pitcher', signer.sign('pitcher', 'text' as unknown as object, 60))).toBeUndefined();
  });
});
