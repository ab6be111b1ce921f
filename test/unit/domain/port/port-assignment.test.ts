import { assignPorts, diffPorts } from '../../../../src/domain/port/port-assignment';

describe('assignPorts', () => {
  const tasks = [
    { id: 'web', previewPort: 3000, shellId: 's-web' },
    { id: 'api', shellId: 's-api' },
    { id: 'idle' },
  ];

  it('gives a port to the task whose preview.port names it, else to the task whose shell opened it', () => {
    const { byTask, unassigned } = assignPorts(
      [
        { port: 3000, shellId: 's-other' },
        { port: 4000, shellId: 's-api' },
        { port: 9229, shellId: 's-web' },
        { port: 5555, shellId: 's-terminal' },
        { port: 6000 },
      ],
      tasks,
    );
    expect(Object.fromEntries(byTask)).toEqual({ web: [3000, 9229], api: [4000], idle: [] });
    expect(unassigned).toEqual([5555, 6000]);
  });
});

describe('diffPorts', () => {
  it('lists the opened and the closed ports', () => {
    expect(diffPorts([1, 2, 3], [2, 3, 4, 5])).toEqual({ opened: [4, 5], closed: [1] });
  });
});
