import 'reflect-metadata';
import { render, RenderResult } from '@testing-library/react';
import { Container } from 'inversify';
import { configure } from 'mobx';
import { ReactElement } from 'react';
import { ContainerProvider } from '../../../../src/ui/di/container-context';

configure({ enforceActions: 'never' });

/**
 * Renders a view against a container the test fills with real stores fed by fakes of their ports (component tests,
 * jsdom: add `/** @jest-environment jsdom *\/` at the top of the test file).
 */
export function renderWithContainer(ui: ReactElement, container: Container): RenderResult {
  return render(<ContainerProvider container={container}>{ui}</ContainerProvider>);
}
