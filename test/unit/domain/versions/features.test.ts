import { FEATURE_MINIMUM_VERSIONS, featuresOf, hasFeature } from '../../../../src/domain/versions/features';

describe('feature checks', () => {
  it('holds the minimum versions of spec 001 §9', () => {
    expect(FEATURE_MINIMUM_VERSIONS).toEqual({
      gitBranchOutOfSync: '0.209.11',
      sandboxToRepository: '0.209.9',
      vmMetrics: '0.212.0',
      gitLogsOnProtectedBranches: '0.233.0',
      remoteBranchPresenceDetection: '0.242.0',
      setBranchProtection: '0.248.4',
      shellRename: '0.254.0',
      searchCaseSensitivity: '0.308.6',
      setupEnvDevtool: '0.313.0',
    });
  });

  it('has a feature from its minimum version on', () => {
    expect(hasFeature('0.254.0', 'shellRename')).toBe(true);
    expect(hasFeature('0.253.9', 'shellRename')).toBe(false);
    expect(hasFeature('0.308.5', 'searchCaseSensitivity')).toBe(false);
    expect(hasFeature('0.308.6', 'searchCaseSensitivity')).toBe(true);
    expect(featuresOf('0.212.0')).toEqual(['gitBranchOutOfSync', 'sandboxToRepository', 'vmMetrics']);
    expect(featuresOf('0.360.4')).toHaveLength(9);
  });

  it('has none in browser mode (no server version) or with an invalid version', () => {
    expect(featuresOf(undefined)).toEqual([]);
    expect(featuresOf('dev')).toEqual([]);
  });
});
