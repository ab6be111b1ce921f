import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { WorkspaceScopes } from '../../application/workspace/workspace-scopes';
import { ContainerProvider, useService } from '../di/container-context';
import { EditorPage } from '../workbench/editor-page';

/**
 * One open workspace for as long as the route shows it: its child container is taken when the route is entered (the
 * one the page prepared before its first render, for the address it loaded with) and disposed when it is left.
 */
function WorkspaceScopeView({ sandboxId }: { sandboxId: string }) {
  const scopes = useService(WorkspaceScopes);
  const [scope] = useState(() => scopes.take(sandboxId));
  useEffect(() => () => scopes.close(scope), [scopes, scope]);
  return (
    <ContainerProvider container={scope.container}>
      <EditorPage sandboxId={sandboxId} />
    </ContainerProvider>
  );
}

/** An editor route (`/sandbox/{id...}`, `/devbox/{id...}`): another id is another workspace. */
export function WorkspaceRoute() {
  const { '*': id = '' } = useParams();
  return <WorkspaceScopeView key={id} sandboxId={id} />;
}
