/** @jest-environment jsdom */
import { act, fireEvent, screen } from '@testing-library/react';
import { DocumentSyncStore } from '../../../../src/application/editor/document-sync.store';
import { PortError } from '../../../../src/application/ports/port-error';
import { OutOfSyncMarker } from '../../../../src/ui/sync/out-of-sync-marker';
import { OutOfSyncPrompt } from '../../../../src/ui/sync/out-of-sync-prompt';
import { joinedWorkspace, settle } from '../../application/presence/workspace-fakes';
import { renderWithContainer } from '../support/render-with-container';

/** README.md open, its link to the server lost for good (re-opening keeps failing). */
async function setUp() {
  const workspace = await joinedWorkspace((c) => c.bind(DocumentSyncStore).toSelf().inSingletonScope());
  const sync = workspace.container.get(DocumentSyncStore);
  await workspace.editor.open('readme');
  renderWithContainer(
    <>
      <OutOfSyncMarker fileId="readme" path="README.md" />
      <OutOfSyncPrompt />
    </>,
    workspace.container,
  );
  return { ...workspace, sync };
}

async function loseSync(w: Awaited<ReturnType<typeof setUp>>) {
  jest.useFakeTimers();
  w.documents.openError = new PortError('rejected', 'file not found', 100);
  const session = w.editor.session('readme')!;
  await act(async () => {
    const resync = session.resync();
    await jest.advanceTimersByTimeAsync(5000);
    await resync;
  });
  jest.useRealTimers();
}

describe('out-of-sync prompt and tab marker', () => {
  it('shows nothing while the document is synced', async () => {
    await setUp();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByTestId('out-of-sync-marker')).toBeNull();
  });

  it('asks which version to keep; Cancel leaves the marker on the tab, which asks again', async () => {
    const w = await setUp();
    await loseSync(w);
    const dialog = screen.getByRole('alertdialog', { name: 'README.md is out of sync' });
    expect(dialog.textContent).toContain('Choose which version to keep');
    expect(screen.getByRole('button', { name: 'Keep my version' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use the server version' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const marker = screen.getByTestId('out-of-sync-marker');
    expect(marker.textContent).toBe('Out of sync');
    expect(w.sync.stateOf('readme')).toEqual({ kind: 'OUT_OF_SYNC' });
    fireEvent.click(marker);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("'Use the server version' takes the server's text and clears the marker", async () => {
    const w = await setUp();
    await loseSync(w);
    w.documents.openError = undefined;
    w.documents.texts.readme = 'from the server';
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Use the server version' }));
      await settle();
    });
    expect(w.editor.session('readme')!.content).toBe('from the server');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByTestId('out-of-sync-marker')).toBeNull();
  });
});
