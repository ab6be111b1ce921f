import { SIZE_LIMITS } from './layout';

/**
 * The least width of an editor beside the side bar, the preview and the pinned new-tab group: its text about 60
 * columns of 14 px code beside Monaco's gutter (issue 19: at 1280 × 720 the editor was once about 300 px wide).
 */
export const EDITOR_MIN_WIDTH = 600;
/** The least width worth showing the pinned new-tab group in: its Start page with the actions and their keys. */
export const PINNED_GROUP_MIN_WIDTH = 280;

export interface SidePartsRequest {
  /** The width the side bar, the editor and the preview share; 0 until it is known. */
  readonly room: number;
  /** The side bar's width as the user set it, when it shows. */
  readonly sideBar?: number;
  /** The preview's width as the user set it, when it shows. */
  readonly preview?: number;
}

export interface SideParts {
  readonly sideBar?: number;
  readonly preview?: number;
}

/**
 * The side bar's and the preview's shown widths: as the user set them, unless the editor would get less than
 * EDITOR_MIN_WIDTH. Then the preview gives way first, down to its least width, then the side bar, down to its own;
 * in a window too narrow even for that, the editor gets what is left. The widths the user set are kept (saved), so
 * the parts grow back when the window does.
 */
export function fitSideParts({ room, sideBar, preview }: SidePartsRequest): SideParts {
  if (room <= 0) return { sideBar, preview };
  let short = EDITOR_MIN_WIDTH - (room - (sideBar ?? 0) - (preview ?? 0));
  const giveWay = (width: number | undefined, min: number): number | undefined => {
    if (width === undefined || short <= 0) return width;
    const given = Math.min(short, Math.max(0, width - min));
    short -= given;
    return width - given;
  };
  const shownPreview = giveWay(preview, SIZE_LIMITS.previewWidth.min);
  const shownSideBar = giveWay(sideBar, SIZE_LIMITS.sideBarWidth.min);
  return { sideBar: shownSideBar, preview: shownPreview };
}

/** The second editor group: none, the pinned new-tab page only (spec 002 §2's initial second group), or files. */
export type SecondGroup = 'none' | 'pinned' | 'files';

export interface EditorGroupsRequest {
  /** The editor area's width; 0 until it is known. */
  readonly width: number;
  /** The first group's share of the width, as the user set it. */
  readonly share: number;
  readonly second: SecondGroup;
  /** The second group is the active one (it then shows, at least PINNED_GROUP_MIN_WIDTH wide). */
  readonly secondActive: boolean;
}

export interface EditorGroupsFit {
  /** The first group's share of the width. */
  readonly share: number;
  readonly showSecond: boolean;
}

/**
 * How the editor groups share the width. Two groups with files keep the user's share. The pinned new-tab group
 * gives the first group at least EDITOR_MIN_WIDTH, and shows only while what is left is at least
 * PINNED_GROUP_MIN_WIDTH (it comes back when there is room), or while it is the active group.
 */
export function fitEditorGroups({ width, share, second, secondActive }: EditorGroupsRequest): EditorGroupsFit {
  if (second === 'none') return { share: 1, showSecond: false };
  if (second === 'files' || width <= 0) return { share, showSecond: true };
  const first = Math.max(share * width, Math.min(width, EDITOR_MIN_WIDTH));
  if (width - first >= PINNED_GROUP_MIN_WIDTH) return { share: first / width, showSecond: true };
  if (secondActive) return { share: Math.max(0, width - PINNED_GROUP_MIN_WIDTH) / width, showSecond: true };
  return { share: 1, showSecond: false };
}
