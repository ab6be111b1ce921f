/** @jest-environment jsdom */
import { act, fireEvent, screen } from '@testing-library/react';
import { Container } from 'inversify';
import { EditorGroupsStore, editorGroupsPreferenceKey } from '../../../../src/application/editor/editor-groups.store';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { OpenBranchId } from '../../../../src/application/tokens';
import { EditorArea } from '../../../../src/ui/editor/editor-area';
import { renderWithContainer } from '../support/render-with-container';

// The groups' own view (tab strip, Monaco) has its own tests; here each group is a stand-in that names itself and
// keeps the style the area gives it. The language features are Monaco's.
jest.mock('../../../../src/ui/editor/editor-group-view', () => ({
  EditorGroupView: ({ group, style }: { group: { id: number }; style?: object }) => <div role="group" aria-label={`group ${group.id}`} style={style} />,
}));
jest.mock('../../../../src/ui/editor/editor-features', () => ({ EditorFeatures: () => null }));

/** jsdom lays nothing out: the editor area is 1000 px wide. */
const AREA_WIDTH = 1000;
let clientWidth: PropertyDescriptor | undefined;
beforeAll(() => {
  clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('bp-editor-groups') ? AREA_WIDTH : 0;
    },
  });
});
afterAll(() => {
  if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
});

function setUp(stored: Record<string, unknown> = {}) {
  const saved = new Map<string, unknown>(Object.entries(stored));
  const c = new Container();
  c.bind(PreferencesPort).toConstantValue({ read: (k: string) => saved.get(k), write: (k: string, v: unknown) => void saved.set(k, v) } satisfies PreferencesPort);
  c.bind(OpenBranchId).toConstantValue(() => 'sb1');
  c.bind(EditorGroupsStore).toSelf().inSingletonScope();
  const groups = c.get(EditorGroupsStore);
  groups.restore(groups.savedLayout());
  renderWithContainer(<EditorArea />, c);
  const sash = () => screen.getByRole('separator', { name: 'Resize editor groups' });
  return { groups, saved, sash };
}

const firstGroupBasis = () => screen.getByRole('group', { name: 'group 1' }).style.flex;

describe('EditorArea', () => {
  it('shows the two groups with a vertical sash between them at the first group’s share of the width', () => {
    const { sash } = setUp();
    const [first, separator, second] = [...document.querySelector('.bp-editor-groups')!.children];
    expect([first.getAttribute('aria-label'), separator.getAttribute('role'), second.getAttribute('aria-label')]).toEqual(['group 1', 'separator', 'group 2']);
    expect(sash().getAttribute('aria-orientation')).toBe('vertical');
    expect(sash().tabIndex).toBe(0);
    expect(sash().getAttribute('aria-valuenow')).toBe('500');
    expect(firstGroupBasis()).toBe('0 0 50%');
  });

  it('resizes the groups with the arrow keys on the sash (10 px, Shift 50 px), aria-valuenow following, and saves the share', () => {
    const { groups, saved, sash } = setUp();
    fireEvent.keyDown(sash(), { key: 'ArrowRight' });
    expect(groups.share).toBeCloseTo(0.51);
    expect(sash().getAttribute('aria-valuenow')).toBe('510');
    expect(firstGroupBasis()).toBe('0 0 51%');
    fireEvent.keyDown(sash(), { key: 'ArrowLeft', shiftKey: true });
    fireEvent.keyDown(sash(), { key: 'ArrowLeft', shiftKey: true });
    expect(sash().getAttribute('aria-valuenow')).toBe('410');
    expect(groups.share).toBeCloseTo(0.41);
    expect(saved.get(editorGroupsPreferenceKey('sb1'))).toMatchObject({ share: expect.closeTo(0.41) });
    // Other keys are not the sash's.
    fireEvent.keyDown(sash(), { key: 'ArrowUp' });
    expect(sash().getAttribute('aria-valuenow')).toBe('410');
    // Not past 15 % of the width.
    for (let i = 0; i < 10; i++) fireEvent.keyDown(sash(), { key: 'ArrowLeft', shiftKey: true });
    expect(sash().getAttribute('aria-valuenow')).toBe('150');
  });

  it('shows a saved share, and one group alone without a sash', () => {
    const { groups, sash } = setUp({
      [editorGroupsPreferenceKey('sb1')]: { groups: [{ files: [], active: undefined, sticky: false }, { files: [], active: undefined, sticky: true }], activeGroup: 0, share: 0.7 },
    });
    expect(sash().getAttribute('aria-valuenow')).toBe('700');
    expect(firstGroupBasis()).toBe('0 0 70%');
    act(() => groups.restore({ groups: [{ files: [], active: undefined, sticky: false }], activeGroup: 0, share: 0.7 }));
    expect(screen.queryByRole('separator')).toBeNull();
    expect(firstGroupBasis()).toBe('');
  });
});
