import { ReactNode, useEffect, useRef } from 'react';
import './widgets.css';

export type CheckState = 'checked' | 'unchecked' | 'indeterminate';

/** A checkbox that is checked, unchecked or indeterminate (spec 000 §4); toggling an indeterminate one checks it. */
export function Checkbox({
  state,
  onChange,
  label,
  disabled,
}: {
  state: CheckState | boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const value: CheckState = state === true ? 'checked' : state === false ? 'unchecked' : state;
  useEffect(() => {
    if (input.current) input.current.indeterminate = value === 'indeterminate';
  }, [value]);
  return (
    <label className="bp-checkbox">
      <input
        ref={input}
        type="checkbox"
        checked={value === 'checked'}
        aria-checked={value === 'indeterminate' ? 'mixed' : value === 'checked'}
        disabled={disabled}
        onChange={() => onChange(value !== 'checked')}
      />
      <span>{label}</span>
    </label>
  );
}
