import { Fixture } from '../wire';
import { clientFileGroup } from './groups/client-file';
import { fsGroup } from './groups/fs';
import { gitGroup } from './groups/git';
import { languageGroup } from './groups/language';
import { shellGroup } from './groups/shell';
import { startupGroup } from './groups/startup';
import { systemGroup } from './groups/system';
import { taskSetupPortGroup } from './groups/task-setup-port';
import { FixtureGroup, GroupRecorder } from './recorder';

export { FixtureBuilder, GroupRecorder } from './recorder';
export type { FixtureGroup } from './recorder';

/** Every fixture group, each recorded against its own fresh server. */
export const FIXTURE_GROUPS: FixtureGroup[] = [clientFileGroup, fsGroup, shellGroup, taskSetupPortGroup, gitGroup, languageGroup, systemGroup, startupGroup];

export const groupNamed = (name: string): FixtureGroup => {
  const group = FIXTURE_GROUPS.find((g) => g.name === name);
  if (!group) throw new Error(`no fixture group ${name} (there are ${FIXTURE_GROUPS.map((g) => g.name).join(', ')})`);
  return group;
};

/** Records one group: its fixtures by name. */
export const recordGroup = (group: FixtureGroup): Promise<Map<string, Fixture>> => GroupRecorder.run(group);
