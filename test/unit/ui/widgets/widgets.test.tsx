/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MENU_MAX_HEIGHT_PX, moveHighlight } from '../../../../src/domain/widgets/widget-constants';
import { Avatar } from '../../../../src/ui/widgets/avatar';
import { Banner } from '../../../../src/ui/widgets/banner';
import { Checkbox } from '../../../../src/ui/widgets/checkbox';
import { Collapsible } from '../../../../src/ui/widgets/collapsible';
import { Dialog } from '../../../../src/ui/widgets/dialog';
import { LoadingButton } from '../../../../src/ui/widgets/loading-button';
import { Menu } from '../../../../src/ui/widgets/menu';
import { PageLoading } from '../../../../src/ui/widgets/page-loading';
import { SearchSuggestions } from '../../../../src/ui/widgets/search-suggestions';

describe('Avatar (spec 000 §3, §4)', () => {
  afterEach(() => jest.useRealTimers());

  it("shows the initial at once without an image, 'A' for Anonymous; sizes xs/s/m/l and block/circle shapes", () => {
    const { container, rerender } = render(<Avatar name={undefined} size="xs" shape="block" />);
    const face = container.firstElementChild!;
    expect(face.textContent).toBe('A');
    expect(face.getAttribute('data-load')).toBe('idle');
    expect(face.className).toContain('bp-ui-avatar-block');
    expect((face as HTMLElement).style.width).toBe('16px');
    rerender(<Avatar name="grace" size="l" />);
    expect(container.firstElementChild!.textContent).toBe('G');
    expect((container.firstElementChild as HTMLElement).style.width).toBe('48px');
  });

  it('falls back to the initial after 1000 ms when the image has not loaded; a loaded image shows; a failed one gives the initial', () => {
    jest.useFakeTimers();
    const { container } = render(<Avatar name="Ada" src="/a.png" size="m" highlight="#f00" />);
    const face = () => container.firstElementChild!;
    expect(face().getAttribute('data-load')).toBe('loading');
    expect(face().getAttribute('data-face')).toBe('blank');
    act(() => jest.advanceTimersByTime(999));
    expect(face().getAttribute('data-face')).toBe('blank');
    act(() => jest.advanceTimersByTime(1));
    expect(face().getAttribute('data-face')).toBe('initial');
    fireEvent.load(container.querySelector('img')!);
    expect(face().getAttribute('data-load')).toBe('loaded');
    expect(face().getAttribute('data-face')).toBe('image');
    expect(face().className).toContain('bp-ui-avatar-highlight');
    const failed = render(<Avatar name="Bo" src="/b.png" />).container.firstElementChild!;
    fireEvent.error(failed.querySelector('img')!);
    expect(failed.getAttribute('data-load')).toBe('error');
    expect(failed.textContent).toBe('B');
  });
});

describe('Banner', () => {
  it("has the variants and corners, and a dismiss control titled 'Dismiss'", async () => {
    const dismissed = jest.fn();
    const { container } = render(
      <Banner variant="trial" corners="rounded-bottom" onDismiss={dismissed}>
        Trial ends soon
      </Banner>,
    );
    expect(container.firstElementChild!.className).toBe('bp-ui-banner bp-ui-banner-trial bp-ui-banner-rounded-bottom');
    await userEvent.click(screen.getByTitle('Dismiss'));
    expect(dismissed).toHaveBeenCalled();
    render(<Banner variant="error">Broken</Banner>);
    expect(screen.getByRole('alert').textContent).toBe('Broken');
  });
});

describe('LoadingButton', () => {
  it('loading hides the label, shows a spinner and is disabled', () => {
    const { rerender } = render(<LoadingButton variant="primary">Save</LoadingButton>);
    const button = screen.getByRole('button') as HTMLButtonElement;
    expect([button.disabled, button.className]).toEqual([false, 'bp-btn bp-btn-primary']);
    rerender(
      <LoadingButton variant="primary" loading>
        Save
      </LoadingButton>,
    );
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('.bp-btn-label-hidden')?.textContent).toBe('Save');
    expect(within(button).getByRole('status', { name: 'Loading' })).toBeTruthy();
  });
});

describe('Checkbox', () => {
  it('is checked, unchecked or indeterminate; toggling an indeterminate one checks it', async () => {
    const changes: boolean[] = [];
    const { rerender } = render(<Checkbox state="indeterminate" onChange={(v) => changes.push(v)} label="All" />);
    const box = screen.getByRole('checkbox', { name: 'All' }) as HTMLInputElement;
    expect([box.indeterminate, box.getAttribute('aria-checked')]).toEqual([true, 'mixed']);
    await userEvent.click(box);
    rerender(<Checkbox state="checked" onChange={(v) => changes.push(v)} label="All" />);
    expect([box.indeterminate, box.checked]).toEqual([false, true]);
    await userEvent.click(box);
    expect(changes).toEqual([true, false]);
  });
});

describe('Collapsible', () => {
  it('is open or closed, with the header saying which; closed content is out of reach', async () => {
    render(<Collapsible title="More">Inside</Collapsible>);
    const header = screen.getByRole('button', { name: /More/ });
    const body = document.getElementById(header.getAttribute('aria-controls')!)!;
    expect([header.getAttribute('aria-expanded'), body.getAttribute('data-state'), body.hasAttribute('inert')]).toEqual(['false', 'closed', true]);
    await userEvent.click(header);
    expect([header.getAttribute('aria-expanded'), body.getAttribute('data-state'), body.hasAttribute('inert')]).toEqual(['true', 'open', false]);
  });
});

describe('Dialog', () => {
  it('is sm (320 px) or md (500 px) at most, labelled by its title, and closes on Escape and on the overlay only', async () => {
    const closed = jest.fn();
    render(
      <Dialog title="Rename" size="sm" onClose={closed}>
        <input aria-label="Name" />
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Rename' });
    expect(dialog.className).toContain('bp-modal-sm');
    await userEvent.click(screen.getByLabelText('Name'));
    expect(closed).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByTestId('dialog-overlay'));
    expect(closed).toHaveBeenCalledTimes(2);
  });
});

describe('Menu', () => {
  it('scrolls past 10 rows: its list is at most 10 rows of 31.5 px high', () => {
    expect(MENU_MAX_HEIGHT_PX).toBe(315);
    expect(moveHighlight(9, 1, 10)).toBe(9);
    expect(moveHighlight(0, -1, 10)).toBe(0);
    expect(moveHighlight(0, 1, 0)).toBe(-1);
  });

  it('opens from its button; arrows move (clamped), Home/End jump, Enter runs, a click outside closes', async () => {
    const user = userEvent.setup();
    const ran: string[] = [];
    const items = Array.from({ length: 12 }, (_, i) => ({ id: `i${i}`, label: `Item ${i}`, run: () => ran.push(`i${i}`) }));
    render(
      <>
        <Menu trigger="Open" label="Things" items={items} />
        <p>Outside</p>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Things' }));
    expect(screen.getAllByRole('menuitem')).toHaveLength(12);
    expect(document.activeElement?.textContent).toBe('Item 0');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Item 0');
    await user.keyboard('{End}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Item 11');
    await user.keyboard('{Home}{ArrowDown}{Enter}');
    expect(ran).toEqual(['i1']);
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Things' }));
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

function Search({ suggestions, onSelect }: { suggestions: readonly string[]; onSelect: (s: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchSuggestions label="Find" value={value} onChange={setValue} suggestions={value ? suggestions : []} onSelect={(s) => (onSelect(s), setValue(s))} />
      <p>Elsewhere</p>
    </>
  );
}

describe('SearchSuggestions', () => {
  it("has the placeholder 'Search...'; opens when the value is non-empty and there are suggestions", async () => {
    const user = userEvent.setup();
    render(<Search suggestions={['alpha', 'beta']} onSelect={() => undefined} />);
    const input = screen.getByPlaceholderText('Search...');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(input, 'a');
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['alpha', 'beta']);
    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('moves the highlight with the arrows, clamped to the list; Enter selects and closes', async () => {
    const user = userEvent.setup();
    const selected: string[] = [];
    render(<Search suggestions={['alpha', 'beta', 'gamma']} onSelect={(s) => selected.push(s)} />);
    await user.type(screen.getByPlaceholderText('Search...'), 'x');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('gamma');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('alpha');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(selected).toEqual(['beta']);
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('PageLoading', () => {
  it("shows 'Loading' and removes the server-rendered placeholder", () => {
    document.body.insertAdjacentHTML('beforeend', '<div id="bp-server-loading">Loading</div>');
    render(<PageLoading />);
    expect(document.getElementById('bp-server-loading')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading');
  });
});
