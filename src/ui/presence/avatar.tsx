import { useEffect, useReducer } from 'react';
import { AVATAR_FALLBACK_DELAY_MS, avatarFace, avatarInitial, avatarTransition, initialAvatarState } from '../../domain/presence/avatar';
import './presence.css';

/**
 * The avatar widget of spec 000 §3: the image once it loaded, else the initial ('A' for Anonymous), which an image
 * still loading gets only after AVATAR_FALLBACK_DELAY_MS; always on the user's colour.
 */
export function Avatar({ name, imageUrl, color }: { name: string | undefined; imageUrl: string | undefined; color: string }) {
  const [state, dispatch] = useReducer(avatarTransition, imageUrl, initialAvatarState);
  useEffect(() => {
    if (!imageUrl) return;
    const timer = setTimeout(() => dispatch({ type: 'delay-elapsed' }), AVATAR_FALLBACK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [imageUrl]);
  const face = avatarFace(state);
  return (
    <span className="bp-avatar-face" style={{ backgroundColor: color }} data-face={face} aria-hidden>
      {imageUrl && state.load !== 'error' && (
        <img
          src={imageUrl}
          alt=""
          className={face === 'image' ? 'bp-avatar-image' : 'bp-avatar-image bp-avatar-image-pending'}
          onLoad={() => dispatch({ type: 'image-loaded' })}
          onError={() => dispatch({ type: 'image-failed' })}
        />
      )}
      {face === 'initial' && <span className="bp-avatar-initial">{avatarInitial(name)}</span>}
    </span>
  );
}
