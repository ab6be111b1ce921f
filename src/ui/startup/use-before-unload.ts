import { useEffect } from 'react';
import { ContainerStore } from '../../application/container/container.store';
import { DISCONNECTED_UNLOAD_WARNING } from '../../domain/container/container-state';

/** Spec 001 §4: "While disconnected the browser asks for confirmation before unload." */
export function useBeforeUnload(container: ContainerStore): void {
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!container.needsUnloadConfirmation) return;
      event.preventDefault();
      event.returnValue = DISCONNECTED_UNLOAD_WARNING;
      return DISCONNECTED_UNLOAD_WARNING;
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [container]);
}
