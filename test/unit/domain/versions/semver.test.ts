import fc from 'fast-check';
import { compareSemVer, parseSemVer, satisfiesMinimum } from '../../../../src/domain/versions/semver';

const version = fc
  .tuple(fc.nat(30), fc.nat(30), fc.nat(30), fc.option(fc.array(fc.oneof(fc.nat(5).map(String), fc.constantFrom('alpha', 'beta', 'rc')), { minLength: 1, maxLength: 3 }), { nil: undefined }))
  .map(([a, b, c, pre]) => `${a}.${b}.${c}${pre ? `-${pre.join('.')}` : ''}`);

describe('semver', () => {
  it('reads major, minor, patch and pre-release, ignoring build metadata', () => {
    expect(parseSemVer('0.360.4')).toEqual({ major: 0, minor: 360, patch: 4, prerelease: [] });
    expect(parseSemVer('1.2.3-rc.1+build.5')).toEqual({ major: 1, minor: 2, patch: 3, prerelease: ['rc', 1] });
    expect(parseSemVer('v2.0.0')).toMatchObject({ major: 2 });
    for (const bad of ['', '1.2', '01.2.3', '1.2.3.4', 'latest']) expect(parseSemVer(bad)).toBeUndefined();
  });

  it('orders by number, not by text, and pre-releases before their release', () => {
    const cmp = (a: string, b: string) => compareSemVer(parseSemVer(a)!, parseSemVer(b)!);
    expect(cmp('0.209.11', '0.209.9')).toBe(1);
    expect(cmp('0.212.0', '0.212.0')).toBe(0);
    expect(cmp('1.0.0-alpha', '1.0.0')).toBe(-1);
    expect(cmp('1.0.0-alpha', '1.0.0-alpha.1')).toBe(-1);
    expect(cmp('1.0.0-alpha.1', '1.0.0-alpha.beta')).toBe(-1);
    expect(cmp('1.0.0-beta.11', '1.0.0-beta.2')).toBe(1);
    expect(cmp('1.0.0-rc.1', '1.0.0-beta.11')).toBe(1);
  });

  it('is a total order: antisymmetric, reflexive and transitive', () => {
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        const [va, vb, vc] = [a, b, c].map((v) => parseSemVer(v)!);
        expect(compareSemVer(va, va)).toBe(0);
        expect(compareSemVer(va, vb)).toBe(-compareSemVer(vb, va) || 0);
        if (compareSemVer(va, vb) <= 0 && compareSemVer(vb, vc) <= 0) expect(compareSemVer(va, vc)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('checks a minimum, and refuses invalid versions', () => {
    expect(satisfiesMinimum('0.254.0', '0.254.0')).toBe(true);
    expect(satisfiesMinimum('0.253.99', '0.254.0')).toBe(false);
    expect(satisfiesMinimum('nonsense', '0.1.0')).toBe(false);
  });
});
