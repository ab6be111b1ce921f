/** Spec 000 §9: the shared widgets' constants. */
export const DIALOG_MAX_WIDTH_PX = { sm: 320, md: 500 } as const;
export type DialogSize = keyof typeof DIALOG_MAX_WIDTH_PX;
export const DIALOG_FADE_MS = 100;
export const COLLAPSE_MS = 125;
export const TOOLTIP_FADE_MS = 125;
export const SPINNER_CYCLE_MS = 1500;
/** Dropdown menus with more than 10 items scroll; each row is 31.5 px high (the menu is 10 rows high). */
export const MENU_VISIBLE_ROWS = 10;
export const MENU_ROW_HEIGHT_PX = 31.5;
export const MENU_MAX_HEIGHT_PX = MENU_VISIBLE_ROWS * MENU_ROW_HEIGHT_PX;

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'ghost-inverted';
export type BannerVariant = 'trial' | 'warning' | 'error' | 'info';
export type BannerCorners = 'rounded' | 'rounded-bottom' | 'straight';
export type AvatarSize = 'xs' | 's' | 'm' | 'l';
export type AvatarShape = 'block' | 'circle';
export const AVATAR_SIZE_PX: Readonly<Record<AvatarSize, number>> = { xs: 16, s: 24, m: 32, l: 48 };

/** Spec 000 §2 "Shared interface texts". */
export const WIDGET_TEXTS = { loading: 'Loading', dismiss: 'Dismiss', searchPlaceholder: 'Search...' } as const;

/** Moves a highlight by `delta` within a list of `length`, clamped to it (no wrapping); -1 when the list is empty. */
export function moveHighlight(index: number, delta: number, length: number): number {
  if (length === 0) return -1;
  return Math.min(length - 1, Math.max(0, index + delta));
}

/** The search suggestions open when the value is non-empty and there are suggestions (and not closed since). */
export const suggestionsOpen = (value: string, count: number, closed: boolean): boolean => !closed && value !== '' && count > 0;
