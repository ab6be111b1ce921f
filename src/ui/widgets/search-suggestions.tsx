import { KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { WIDGET_TEXTS, moveHighlight, suggestionsOpen } from '../../domain/widgets/widget-constants';
import './widgets.css';

export interface SearchSuggestionsProps {
  value: string;
  onChange: (value: string) => void;
  suggestions: readonly string[];
  onSelect: (suggestion: string) => void;
  label: string;
  placeholder?: string;
}

/**
 * A search field with suggestions (spec 000 §4): the list opens when the value is non-empty and there are
 * suggestions; it closes on a selection or a click outside; Arrow Up and Down move the highlight (clamped to the list)
 * and Enter selects. The placeholder is 'Search...'.
 */
export function SearchSuggestions({ value, onChange, suggestions, onSelect, label, placeholder = WIDGET_TEXTS.searchPlaceholder }: SearchSuggestionsProps) {
  const [closed, setClosed] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();
  const open = suggestionsOpen(value, suggestions.length, closed);

  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setClosed(true);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  const select = (suggestion: string) => {
    setClosed(true);
    setHighlight(-1);
    onSelect(suggestion);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlight(moveHighlight(highlight, event.key === 'ArrowDown' ? 1 : -1, suggestions.length));
    } else if (event.key === 'Enter' && highlight >= 0 && highlight < suggestions.length) {
      event.preventDefault();
      select(suggestions[highlight]!);
    } else if (event.key === 'Escape') {
      setClosed(true);
    }
  };
  return (
    <div className="bp-suggest" ref={root}>
      <input
        className="bp-input"
        type="search"
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && highlight >= 0 ? `${listId}-${highlight}` : undefined}
        placeholder={placeholder}
        value={value}
        onChange={(event) => {
          setClosed(false);
          setHighlight(-1);
          onChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <ul id={listId} role="listbox" aria-label={label} className="bp-suggest-list">
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === highlight}
              className="bp-suggest-item"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => select(suggestion)}
            >
              {suggestion}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
