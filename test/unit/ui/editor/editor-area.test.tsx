/** @jest-environment jsdom */
import { act, fireEvent, screen } from '@testing-library/react';
import { Container } from 'inversify';
import { EditorGroupsStore, editorGroupsPreferenceKey } from '../../../../src/application/editor/editor-groups.store';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { OpenBranchId } from '../../../../src/application/tokens';
import { EDITOR_MIN_WIDTH, PINNED_GROUP_MIN_WIDTH } from '../../../../src/domain/workbench/layout-fit';
import { EditorArea } from '../../../../src/ui/editor/editor-area';
import { renderWithContainer } from '../support/render-with-container';

// The groups' own view (tab strip, Monaco) has its own tests; here each group is a stand-in that names itself and
// keeps the style the area gives it. The language features are Monaco's.
jest.mock('../../../../src/ui/editor/editor-group-view', () => ({
  EditorGroupView: ({ group, style }: { group: { id: number }; style?: object }) => <div role="group" aria-label={`group ${group.id}`} style={style} />,
}));
jest.mock('../../../../src/ui/editor/editor-features', () => ({ EditorFeatures: () => null }));

/** jsdom lays nothing out: the editor area is 2000 px wide unless a test says otherwise. */
let areaWidth = 2000;
afterEach(() => (areaWidth = 2000));
let clientWidth: PropertyDescriptor | undefined;
beforeAll(() => {
  clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('bp-editor-groups') ? areaWidth : 0;
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
    expect(sash().getAttribute('aria-valuenow')).toBe('1000');
    expect(firstGroupBasis()).toBe('0 0 50%');
  });

  it('resizes the groups with the arrow keys on the sash (10 px, Shift 50 px), aria-valuenow following, and saves the share', () => {
    const { groups, saved, sash } = setUp();
    fireEvent.keyDown(sash(), { key: 'ArrowRight' });
    expect(groups.share).toBeCloseTo(0.505);
    expect(sash().getAttribute('aria-valuenow')).toBe('1010');
    expect(firstGroupBasis()).toBe('0 0 50.5%');
    fireEvent.keyDown(sash(), { key: 'ArrowLeft', shiftKey: true });
    fireEvent.keyDown(sash(), { key: 'ArrowLeft', shiftKey: true });
    expect(sash().getAttribute('aria-valuenow')).toBe('910');
    expect(groups.share).toBeCloseTo(0.455);
    expect(saved.get(editorGroupsPreferenceKey('sb1'))).toMatchObject({ share: expect.closeTo(0.455) });
    // Other keys are not the sash's.
    fireEvent.keyDown(sash(), { key: 'ArrowUp' });
    expect(sash().getAttribute('aria-valuenow')).toBe('910');
    // Beside the pinned new-tab group the first group keeps its least width (the share set goes on down to 15 %).
    for (let i = 0; i < 10; i++) fireEvent.keyDown(sash(), { key: 'ArrowLeft', shiftKey: true });
    expect(sash().getAttribute('aria-valuenow')).toBe(String(EDITOR_MIN_WIDTH));
    expect(firstGroupBasis()).toBe(`0 0 ${(EDITOR_MIN_WIDTH / 2000) * 100}%`);
  });

  it('leaves the pinned new-tab group out while there is no room for it beside a usable editor, unless it is active', () => {
    areaWidth = EDITOR_MIN_WIDTH + PINNED_GROUP_MIN_WIDTH - 10;
    const { groups } = setUp();
    expect(screen.queryByRole('group', { name: 'group 2' })).toBeNull();
    expect(screen.queryByRole('separator')).toBeNull();
    expect(firstGroupBasis()).toBe('');
    act(() => groups.focusAt(1));
    expect(screen.getByRole('group', { name: 'group 2' })).toBeTruthy();
    act(() => groups.focusAt(0));
    expect(screen.queryByRole('group', { name: 'group 2' })).toBeNull();
  });

  it('shows a saved share, and one group alone without a sash', () => {
    const { groups, sash } = setUp({
      [editorGroupsPreferenceKey('sb1')]: { groups: [{ files: [], active: undefined, sticky: false }, { files: [], active: undefined, sticky: true }], activeGroup: 0, share: 0.7 },
    });
    expect(sash().getAttribute('aria-valuenow')).toBe('1400');
    expect(firstGroupBasis()).toBe('0 0 70%');
    act(() => groups.restore({ groups: [{ files: [], active: undefined, sticky: false }], activeGroup: 0, share: 0.7 }));
    expect(screen.queryByRole('separator')).toBeNull();
    expect(firstGroupBasis()).toBe('');
  });
});
