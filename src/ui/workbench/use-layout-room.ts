import { RefObject, useEffect } from 'react';
import { LayoutStore } from '../../application/workbench/layout.store';

/** The parts of the shell's row that share its width; the others (activity bar, sashes) keep theirs. */
const SHARING = '.bp-side-bar, .bp-center, .bp-preview';

/**
 * Tells the layout how wide the side bar, the editor and the preview may be together (the shell's row less the
 * activity bar and the sashes), whenever the window or the parts shown change, so that it can keep the editor usable
 * (LayoutStore.shownWidths).
 */
export function useLayoutRoom(row: RefObject<HTMLElement | null>, layout: LayoutStore, shownParts: string): void {
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const measure = () => {
      const fixed = [...element.children].filter((child) => !child.matches(SHARING)).reduce((sum, child) => sum + child.getBoundingClientRect().width, 0);
      layout.setRoom(element.clientWidth - fixed);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [row, layout, shownParts]);
}
