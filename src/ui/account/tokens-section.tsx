import { observer } from 'mobx-react-lite';
import { FormEvent, useEffect, useId, useState } from 'react';
import { ApiTokensStore } from '../../application/account/api-tokens.store';
import { TOKEN_EXPIRY_CHOICES, TOKEN_SCOPE_CHOICES, describeLastUse, describeTokenExpiry } from '../../domain/account/api-token-expiry';
import { useService } from '../di/container-context';
import { Banner } from '../widgets/banner';
import { Checkbox } from '../widgets/checkbox';
import { LoadingButton } from '../widgets/loading-button';
import { SectionState } from './section-state';

export const TOKEN_SHOWN_ONCE = 'Copy this token now: it is not shown again.';

function CreatedToken({ token, onDismiss }: { token: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Banner variant="trial" onDismiss={onDismiss}>
      <p>{TOKEN_SHOWN_ONCE}</p>
      <div className="bp-account-secret">
        <input className="bp-input" readOnly value={token} aria-label="New token" onFocus={(event) => event.currentTarget.select()} />
        <LoadingButton
          variant="primary"
          onClick={() =>
            void navigator.clipboard?.writeText(token).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </LoadingButton>
      </div>
    </Banner>
  );
}

/** Personal API tokens: create (name, scopes, expiry; the secret shown once), list (prefix, last use), revoke. */
export const TokensSection = observer(function TokensSection() {
  const tokens = useService(ApiTokensStore);
  const nameId = useId();
  const expiryId = useId();
  useEffect(() => void tokens.load(), [tokens]);
  const { draft, submission, created } = tokens;
  const now = Date.now();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void tokens.create();
  };
  return (
    <section className="bp-account-section" aria-labelledby="bp-account-tokens">
      <h2 id="bp-account-tokens">API tokens</h2>
      <p>Tokens let scripts and the SDK act as you: send one as `Authorization: Bearer`.</p>
      {created && <CreatedToken token={created.token} onDismiss={() => tokens.dismissCreated()} />}
      <form className="bp-form" onSubmit={submit} aria-label="New API token">
        <div className="bp-account-grid">
          <div className="bp-field">
            <label className="bp-field-label" htmlFor={nameId}>
              Token name
            </label>
            <input
              id={nameId}
              className="bp-input"
              maxLength={100}
              value={draft.name}
              placeholder="CI, laptop, …"
              onChange={(event) => tokens.edit({ name: event.target.value })}
            />
          </div>
          <div className="bp-field">
            <label className="bp-field-label" htmlFor={expiryId}>
              Expires
            </label>
            <select
              id={expiryId}
              className="bp-select"
              value={draft.expiresInDays === undefined ? 'never' : String(draft.expiresInDays)}
              onChange={(event) => tokens.edit({ expiresInDays: event.target.value === 'never' ? undefined : Number(event.target.value) })}
            >
              {TOKEN_EXPIRY_CHOICES.map((choice) => (
                <option key={choice.label} value={choice.days === undefined ? 'never' : String(choice.days)}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset className="bp-account-fieldset">
          <legend>Scopes</legend>
          <div className="bp-account-scopes">
            {TOKEN_SCOPE_CHOICES.map((choice) => (
              <Checkbox key={choice.scope} state={draft.scopes.includes(choice.scope)} onChange={() => tokens.toggleScope(choice.scope)} label={choice.label} />
            ))}
          </div>
        </fieldset>
        {submission.kind === 'failed' && (
          <p className="bp-form-error" role="alert">
            {submission.message}
          </p>
        )}
        <div className="bp-account-actions">
          <LoadingButton type="submit" variant="primary" loading={submission.kind === 'busy'} disabled={!tokens.canCreate}>
            Create token
          </LoadingButton>
        </div>
      </form>
      <SectionState value={tokens.tokens} retry={() => void tokens.load()}>
        {(list) =>
          list.length === 0 ? (
            <p className="bp-account-meta">No tokens yet.</p>
          ) : (
            <ul className="bp-account-list" aria-label="API tokens">
              {list.map((token) => (
                <li key={token.id} className="bp-account-row">
                  <div className="bp-account-row-main">
                    <span>
                      {token.name} <code>{token.prefix}…</code>
                      {token.kind !== 'personal' && <span className="bp-account-badge">{token.kind === 'cli' ? 'Command line' : 'Bootstrap'}</span>}
                    </span>
                    <span className="bp-account-meta">
                      {token.scopes.join(', ')} · {describeTokenExpiry(token.expiresAt, now)} · last used:{' '}
                      {describeLastUse(token.lastUsedAt, now).toLowerCase()}
                    </span>
                  </div>
                  <LoadingButton
                    variant="ghost-inverted"
                    loading={tokens.revoking.has(token.id)}
                    onClick={() => void tokens.revoke(token.id)}
                    aria-label={`Revoke the token ${token.name}`}
                  >
                    Revoke
                  </LoadingButton>
                </li>
              ))}
            </ul>
          )
        }
      </SectionState>
    </section>
  );
});
