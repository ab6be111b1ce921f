import { planTaskRun } from '../../../../src/domain/task/task-run-plan';

describe('planTaskRun', () => {
  it('starts a task that never ran in a new shell', () => {
    expect(planTaskRun(undefined, 'npm start')).toBe('start');
  });

  it('clears the shell of a KILLED task first: a fresh shell', () => {
    expect(planTaskRun({ status: 'KILLED', command: 'npm start' }, 'npm start')).toBe('fresh');
  });

  it('runs a RUNNING, FINISHED or ERROR task again in the same shell', () => {
    for (const status of ['RUNNING', 'FINISHED', 'ERROR']) expect(planTaskRun({ status, command: 'npm start' }, 'npm start')).toBe('restart');
  });

  it('starts a fresh shell when the command changed since the shell started', () => {
    expect(planTaskRun({ status: 'FINISHED', command: 'npm start' }, 'npm run dev')).toBe('fresh');
  });
});
