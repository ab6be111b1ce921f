import { Container, interfaces } from 'inversify';
import { ReactNode, createContext, useContext } from 'react';

const ContainerContext = createContext<Container | undefined>(undefined);

export function ContainerProvider({ container, children }: { container: Container; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

/** Views get stores and services from the container, never with `new`. */
export function useService<T>(token: interfaces.ServiceIdentifier<T>): T {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useService outside ContainerProvider');
  return container.get<T>(token);
}
