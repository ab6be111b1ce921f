import { interfaces } from 'inversify';
import { ReactNode, createContext, useContext } from 'react';

const ContainerContext = createContext<interfaces.Container | undefined>(undefined);

/** Provides a container to the views below: the root one for the page, a workspace's child one inside an editor route. */
export function ContainerProvider({ container, children }: { container: interfaces.Container; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

/** Views get stores and services from the container, never with `new`. */
export function useService<T>(token: interfaces.ServiceIdentifier<T>): T {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useService outside ContainerProvider');
  return container.get<T>(token);
}
