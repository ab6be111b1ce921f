/**
 * Roving focus in a horizontal row of controls (WAI-ARIA Authoring Practices, tabs and toolbar patterns): one control
 * of the row is in the Tab order; Left / Right move to the previous / next one, wrapping around; Home / End move to
 * the first / last. Any other key is not the row's (undefined).
 */
export function rovingTarget(key: string, index: number, count: number): number | undefined {
  if (count <= 0) return undefined;
  const from = Math.min(Math.max(index, 0), count - 1);
  switch (key) {
    case 'ArrowRight':
      return (from + 1) % count;
    case 'ArrowLeft':
      return (from - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
