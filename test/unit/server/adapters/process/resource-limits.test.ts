import { RlimitLimiter, formatBytes } from '../../../../../src/server/adapters/process/resource-limits';

describe('RlimitLimiter', () => {
  it('asks the launcher for RLIMIT_NPROC and RLIMIT_AS through prlimit, and no cgroup', () => {
    const limiter = new RlimitLimiter({ maxProcesses: 100, memoryBytes: 1024 ** 3 }, '/usr/bin/prlimit');
    const lease = limiter.enter();
    expect(lease).toMatchObject({ cgroupProcs: [], rlimits: { prlimit: '/usr/bin/prlimit', processes: 100, addressSpaceBytes: 1024 ** 3 } });
    expect(limiter.description).toBe('rlimits per process tree (100 processes, 1 GiB address space)');
  });

  it('leaves out a limit set to 0, and says when nothing limits at all', () => {
    expect(new RlimitLimiter({ maxProcesses: 0, memoryBytes: 5 }, '/usr/bin/prlimit').enter().rlimits).toEqual({ prlimit: '/usr/bin/prlimit', processes: undefined, addressSpaceBytes: 5 });
    expect(new RlimitLimiter({ maxProcesses: 0, memoryBytes: 0 }, '/usr/bin/prlimit').description).toBe('no resource limits');
    const withoutPrlimit = new RlimitLimiter({ maxProcesses: 10, memoryBytes: 10 }, undefined);
    expect(withoutPrlimit.description).toBe('no resource limits');
    expect(withoutPrlimit.enter().rlimits).toBeUndefined();
  });

  it('formats byte counts in binary units', () => {
    expect(formatBytes(4 * 1024 ** 3)).toBe('4 GiB');
    expect(formatBytes(256 * 1024 ** 2)).toBe('256 MiB');
    expect(formatBytes(1500)).toBe('1500 bytes');
  });
});
