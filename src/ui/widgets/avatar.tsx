import { CSSProperties, useEffect, useReducer } from 'react';
import { AVATAR_FALLBACK_DELAY_MS, avatarFace, avatarInitial, avatarName, avatarTransition, initialAvatarState } from '../../domain/presence/avatar';
import { AVATAR_SIZE_PX, AvatarShape, AvatarSize } from '../../domain/widgets/widget-constants';
import './widgets.css';

export interface AvatarProps {
  name: string | null | undefined;
  src?: string | null;
  size?: AvatarSize;
  shape?: AvatarShape;
  /** An optional highlight colour (a ring). */
  highlight?: string;
  /** Read out (else the avatar is decoration beside a name). */
  label?: string;
}

/**
 * The avatar widget (spec 000 §3, §4): the image once loaded, else the initial ('A' for 'Anonymous'), shown at once
 * without an image and after 1000 ms for an image that has not loaded; its load state is idle, loading, loaded or error.
 */
export function Avatar({ name, src, size = 's', shape = 'circle', highlight, label }: AvatarProps) {
  const image = src ?? undefined;
  const [state, dispatch] = useReducer(avatarTransition, image, initialAvatarState);
  useEffect(() => {
    if (!image) return;
    const timer = setTimeout(() => dispatch({ type: 'delay-elapsed' }), AVATAR_FALLBACK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [image]);
  const face = avatarFace(state);
  const px = AVATAR_SIZE_PX[size];
  const style = { width: px, height: px, fontSize: Math.round(px * 0.45), ...(highlight ? { '--bp-avatar-highlight': highlight } : {}) } as CSSProperties;
  return (
    <span
      className={`bp-ui-avatar bp-ui-avatar-${shape}${highlight ? ' bp-ui-avatar-highlight' : ''}`}
      style={style}
      data-size={size}
      data-load={state.load}
      data-face={face}
      role={label ? 'img' : undefined}
      aria-label={label ? `${label} (${avatarName(name ?? undefined)})` : undefined}
      aria-hidden={label ? undefined : true}
    >
      {image && state.load !== 'error' && (
        <img
          src={image}
          alt=""
          data-pending={face !== 'image'}
          onLoad={() => dispatch({ type: 'image-loaded' })}
          onError={() => dispatch({ type: 'image-failed' })}
        />
      )}
      {face === 'initial' && <span>{avatarInitial(name ?? undefined)}</span>}
    </span>
  );
}
