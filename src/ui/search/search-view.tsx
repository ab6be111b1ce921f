import { observer } from 'mobx-react-lite';
import { KeyboardEvent, useEffect, useRef } from 'react';
import { FileResults, SearchViewStore } from '../../application/search/search-view.store';
import { matchPreview, resultSummary } from '../../domain/search/match-preview';
import { resultRows } from '../../domain/search/result-rows';
import { SearchMatch } from '../../domain/search/search-results';
import { useService } from '../di/container-context';
import { ResultTree } from '../widgets/result-tree';
import './search-view.css';

type ToggleOption = 'caseSensitive' | 'wholeWord' | 'isRegex';
const TOGGLES: readonly { option: ToggleOption; label: string; key: string; glyph: string }[] = [
  { option: 'caseSensitive', label: 'Match Case', key: 'Alt+C', glyph: 'Aa' },
  { option: 'wholeWord', label: 'Match Whole Word', key: 'Alt+W', glyph: 'ab' },
  { option: 'isRegex', label: 'Use Regular Expression', key: 'Alt+R', glyph: '.*' },
];

function MatchLine({ match }: { match: SearchMatch }) {
  const preview = matchPreview(match.lineText, match.ranges);
  return (
    <span className="bp-search-line" title={match.lineText.trim()}>
      {preview.cutStart && '…'}
      {preview.parts.map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
      {preview.cutEnd && '…'}
    </span>
  );
}

function FileRow({ file }: { file: FileResults }) {
  const slash = file.path.lastIndexOf('/');
  return (
    <>
      <span className="bp-result-group-name">{file.path.slice(slash + 1)}</span>
      <span className="bp-result-group-dir">{slash > 0 ? file.path.slice(0, slash).replace(/^\//, '') : ''}</span>
      <span className="bp-result-badge" aria-label={`${file.items.length} results`}>
        {file.items.length}
      </span>
    </>
  );
}

const SearchSummary = observer(function SearchSummary() {
  const view = useService(SearchViewStore);
  const session = view.session;
  if (!session) return null;
  const summary = resultSummary(session.matchCount, session.files.size);
  const state = session.state;
  return (
    <div className="bp-search-summary" role="status" aria-live="polite" data-testid="search-summary" data-state={state.kind}>
      {state.kind === 'RUNNING' && <span>Searching… {session.matchCount > 0 && summary}</span>}
      {state.kind === 'FINISHED' && <span>{session.matchCount === 0 ? 'No results found.' : summary}</span>}
      {state.kind === 'CANCELLED' && <span>Search cancelled. {summary}</span>}
      {state.kind === 'FAILED' && <span className="bp-error-text">{state.message}</span>}
      {state.kind === 'FINISHED' && state.hitLimit && (
        <span className="bp-search-limit" data-testid="search-hit-limit">
          The result set only contains a subset of all matches. Be more specific in your search to narrow down the results.
        </span>
      )}
    </div>
  );
});

/** Find in files: the search box with its toggles, include and exclude globs, and the results streaming in by file. */
export const SearchView = observer(function SearchView() {
  const view = useService(SearchViewStore);
  const input = useRef<HTMLInputElement>(null);
  const { options } = view;

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [view.focusRequest]);
  useEffect(() => () => view.setInputFocused(false), [view]);

  const onBoxKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') view.run();
    else if (e.key === 'Escape' && view.isRunning) void view.cancel();
    else return;
    e.preventDefault();
  };
  const rows = resultRows<FileResults, SearchMatch>(view.files, view.collapsed);

  return (
    <div className="bp-search" data-testid="search-view">
      <div className="bp-panel-title">
        <span>Search</span>
        {view.isRunning && (
          <button className="bp-icon-button" onClick={() => void view.cancel()} aria-label="Cancel search" title="Cancel search" data-testid="search-cancel">
            ■
          </button>
        )}
      </div>
      <div className="bp-search-form">
        <div className="bp-search-box">
          <input
            ref={input}
            type="text"
            aria-label="Search"
            placeholder="Search"
            value={options.text}
            spellCheck={false}
            onChange={(e) => view.setOptions({ text: e.target.value })}
            onKeyDown={onBoxKeyDown}
            onFocus={() => view.setInputFocused(true)}
            onBlur={() => view.setInputFocused(false)}
            data-testid="search-input"
          />
          {TOGGLES.map((t) => (
            <button
              key={t.option}
              className="bp-search-toggle"
              aria-pressed={options[t.option]}
              aria-label={t.label}
              title={`${t.label} (${t.key})`}
              onClick={() => view.toggle(t.option)}
              data-option={t.option}
              data-glyph={t.glyph}
            />
          ))}
        </div>
        <input
          type="text"
          aria-label="files to include"
          placeholder="files to include (e.g. src, *.ts)"
          value={options.includes}
          spellCheck={false}
          onChange={(e) => view.setOptions({ includes: e.target.value })}
          onKeyDown={onBoxKeyDown}
          data-testid="search-includes"
        />
        <input
          type="text"
          aria-label="files to exclude"
          placeholder="files to exclude"
          value={options.excludes}
          spellCheck={false}
          onChange={(e) => view.setOptions({ excludes: e.target.value })}
          onKeyDown={onBoxKeyDown}
          data-testid="search-excludes"
        />
      </div>
      <SearchSummary />
      <ResultTree<FileResults, SearchMatch>
        label="Search results"
        rows={rows}
        testId="search-results"
        renderGroup={(file) => <FileRow file={file} />}
        renderItem={(match) => (
          <>
            <MatchLine match={match} />
            <span className="bp-search-line-number">{match.lineNumber}</span>
          </>
        )}
        groupData={(file) => ({ 'data-path': file.path, 'data-count': String(file.items.length) })}
        itemData={(match) => ({ 'data-path': match.filepath, 'data-line': String(match.lineNumber) })}
        onToggle={(file) => view.toggleCollapsed(file.path)}
        onOpen={(match) => void view.openMatch(match)}
      />
    </div>
  );
});
