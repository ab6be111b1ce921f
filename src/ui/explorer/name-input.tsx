import { observer } from 'mobx-react-lite';
import { KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { ExplorerStore } from '../../application/files/explorer.store';
import { useService } from '../di/container-context';

/**
 * The inline name input of a new entry or a rename: Enter confirms, Escape cancels, leaving it confirms a valid
 * name and cancels otherwise. The spec's text for a bad name shows under it while typing and after Enter.
 */
export const NameInput = observer(function NameInput({ label, initial }: { label: string; initial: string }) {
  const explorer = useService(ExplorerStore);
  const [value, setValue] = useState(initial);
  const [submitted, setSubmitted] = useState<string | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const settled = useRef(false);

  useEffect(() => {
    const element = input.current;
    if (!element) return;
    element.focus();
    const dot = initial.lastIndexOf('.');
    element.setSelectionRange(0, dot > 0 ? dot : initial.length);
  }, [initial]);

  const live = value !== '' && value !== initial ? explorer.validateName(value) : undefined;
  const error = live ?? (submitted === value ? explorer.edit?.error : undefined);

  const commit = () => {
    settled.current = true;
    setSubmitted(value);
    void explorer.commitEdit(value).then((done) => {
      if (!done) settled.current = false;
    });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      settled.current = true;
      explorer.cancelEdit();
    }
  };
  const onBlur = () => {
    if (settled.current) return;
    if (value !== '' && explorer.validateName(value) === undefined) commit();
    else {
      settled.current = true;
      explorer.cancelEdit();
    }
  };

  return (
    <span className="bp-tree-input-wrap">
      <input
        ref={input}
        className="bp-tree-input"
        aria-label={label}
        aria-invalid={error !== undefined}
        aria-describedby={error !== undefined ? errorId : undefined}
        value={value}
        spellCheck={false}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        onClick={(event) => event.stopPropagation()}
      />
      {error !== undefined && (
        <span id={errorId} role="alert" className="bp-tree-input-error">
          {error}
        </span>
      )}
    </span>
  );
});
