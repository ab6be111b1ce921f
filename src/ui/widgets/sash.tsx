import { KeyboardEvent, PointerEvent, useRef } from 'react';

/**
 * A draggable divider between two panes, also usable by keyboard (arrow keys by 10 px, Shift by 50 px).
 * `edge` says which side the resized pane is on: 'left' grows with the pointer moving right, 'bottom' and 'right'
 * grow with it moving up or left.
 */
export function Sash({ label, value, edge, onResize }: { label: string; value: number; edge: 'left' | 'right' | 'bottom'; onResize: (value: number) => void }) {
  const start = useRef<{ pointer: number; value: number } | undefined>(undefined);
  const vertical = edge !== 'bottom';
  const sign = edge === 'left' ? 1 : -1;
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = { pointer: vertical ? e.clientX : e.clientY, value };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const delta = (vertical ? e.clientX : e.clientY) - start.current.pointer;
    onResize(start.current.value + sign * delta);
  };
  const onPointerUp = () => (start.current = undefined);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 50 : 10;
    const grow = vertical ? (edge === 'left' ? 'ArrowRight' : 'ArrowLeft') : 'ArrowUp';
    const shrink = vertical ? (edge === 'left' ? 'ArrowLeft' : 'ArrowRight') : 'ArrowDown';
    if (e.key === grow) onResize(value + step);
    else if (e.key === shrink) onResize(value - step);
    else return;
    e.preventDefault();
  };
  return (
    <div
      role="separator"
      aria-label={label}
      aria-orientation={vertical ? 'vertical' : 'horizontal'}
      aria-valuenow={value}
      tabIndex={0}
      className={`bp-sash bp-sash-${vertical ? 'vertical' : 'horizontal'}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}
