import { isListedOnDemand } from '../../../../src/domain/fs/listing-rules';

describe('isListedOnDemand', () => {
  it('keeps dependencies and git metadata out of the synced tree', () => {
    expect(isListedOnDemand('node_modules')).toBe(true);
    expect(isListedOnDemand('.git')).toBe(true);
  });

  it('walks every other directory', () => {
    expect(['src', '.github', 'git', '.gitignore', 'node_module'].some(isListedOnDemand)).toBe(false);
  });
});
