import { cgroupLayout } from '../../../../../src/server/adapters/process/cgroup-layout';

const V1_MOUNTS = [
  '31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755',
  '32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu',
  '33 31 0:30 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct',
  '35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory',
  '39 31 0:36 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids',
  '41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw',
].join('\n');

describe('cgroupLayout', () => {
  it('finds the server directory in each v1 hierarchy, nested where the server already is', () => {
    const self = ['8:pids:/', '4:memory:/process_api/0b0f', '2:cpuacct:/', '1:cpu:/', '0::/'].join('\n');
    expect(cgroupLayout(self, V1_MOUNTS)).toEqual({
      version: 1,
      pids: '/sys/fs/cgroup/pids',
      memory: '/sys/fs/cgroup/memory/process_api/0b0f',
      cpu: '/sys/fs/cgroup/cpu',
    });
  });

  it('reads co-mounted v1 controllers (cpu,cpuacct) and a mount whose root is the container cgroup', () => {
    const self = ['5:cpu,cpuacct:/docker/abc', '4:pids:/docker/abc', '3:memory:/docker/abc/inner'].join('\n');
    const mounts = [
      '50 40 0:29 /docker/abc /sys/fs/cgroup/cpu,cpuacct ro - cgroup cgroup rw,cpu,cpuacct',
      '51 40 0:30 /docker/abc /sys/fs/cgroup/pids rw - cgroup cgroup rw,pids',
      '52 40 0:31 /docker/abc /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory',
    ].join('\n');
    expect(cgroupLayout(self, mounts)).toEqual({
      version: 1,
      pids: '/sys/fs/cgroup/pids',
      memory: '/sys/fs/cgroup/memory/inner',
      cpu: '/sys/fs/cgroup/cpu,cpuacct',
    });
  });

  it('uses the unified hierarchy when v1 lacks pids or memory', () => {
    const self = '0::/system.slice/bullpen.service\n';
    const mounts = '30 23 0:27 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n';
    expect(cgroupLayout(self, mounts)).toEqual({ version: 2, dir: '/sys/fs/cgroup/system.slice/bullpen.service' });
  });

  it('decodes escaped mount points', () => {
    const self = '0::/a\n';
    const mounts = '30 23 0:27 / /mnt/cgroup\\040two rw - cgroup2 cgroup2 rw\n';
    expect(cgroupLayout(self, mounts)).toEqual({ version: 2, dir: '/mnt/cgroup two/a' });
  });

  it('is undefined when nothing usable is mounted or the mount does not reach the server cgroup', () => {
    expect(cgroupLayout('0::/\n', '')).toBeUndefined();
    expect(cgroupLayout('0::/elsewhere\n', '30 23 0:27 /docker/abc /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n')).toBeUndefined();
  });
});
