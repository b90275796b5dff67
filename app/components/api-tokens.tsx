import { Form } from 'react-router'
import { API_TOKEN_NAME_MAX, type ApiToken } from '~/domain/api-token'
import { formatWallDateTime } from '~/domain/hotel-time'
import { ConfirmDialog } from './confirm-dialog'
import { Notice } from './notice'
import { SubmitButton } from './submit-button'

// The account page's API tokens: the person's tokens (name, made, last
// used, read-only), a form to make one, and the new token shown once, right
// after it is made — never again. Every action is a plain form post.

export function ApiTokens({
  tokens,
  created,
  error,
  staff,
}: {
  tokens: ApiToken[]
  /** The token just made: its value, shown this once. */
  created?: { name: string; token: string }
  /** Why the last one was not made. */
  error?: string
  staff: boolean
}) {
  return (
    <>
      {created ? (
        <div className="alert alert-success api-token-created" role="status">
          <div className="stack-sm">
            <p>
              <strong>Token “{created.name}” made.</strong> Copy it now: it is shown only this once.
            </p>
            <label className="field-label" htmlFor="new-api-token">
              Your new token
            </label>
            <input
              id="new-api-token"
              className="field-control api-token-value"
              readOnly
              value={created.token}
            />
          </div>
        </div>
      ) : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      {tokens.length ? (
        <ul className="session-list">
          {tokens.map((t) => (
            <li key={t.id} className="session-item">
              <strong>{t.name}</strong>
              {t.read_only ? <span className="badge">Read-only</span> : null}
              <span className="muted">
                Made {formatWallDateTime(t.created_at)} ·{' '}
                {t.last_used_at ? `last used ${formatWallDateTime(t.last_used_at)}` : 'never used'}
              </span>
              <ConfirmDialog
                confirmId={`revoke-token-${t.id}`}
                title="Revoke token"
                question={`Revoke “${t.name}”? Scripts that use it stop working at once.`}
                fields={{ intent: 'revoke-token', id: String(t.id) }}
                action="/account#api-tokens"
                triggerLabel={
                  <>
                    Revoke<span className="visually-hidden"> {t.name}</span>
                  </>
                }
                triggerClassName="btn btn-ghost btn-sm"
                confirmLabel="Yes, revoke it"
                pendingText="Revoking…"
                dismissLabel="Keep it"
                icon={false}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">You have no API tokens.</p>
      )}
      <Form method="post" action="/account#api-tokens" className="form">
        <input type="hidden" name="intent" value="create-token" />
        <div className="field">
          <label className="field-label" htmlFor="api-token-name">
            Name
          </label>
          <input
            id="api-token-name"
            className="field-control"
            name="name"
            required
            maxLength={API_TOKEN_NAME_MAX}
            aria-describedby="api-token-name-hint"
          />
          <p id="api-token-name-hint" className="field-hint">
            What will use it, say “Accounting export”.
          </p>
        </div>
        <label className="choice">
          <input type="checkbox" name="read_only" defaultChecked={staff} />
          Read-only (it can look things up but never change them)
        </label>
        <div className="form-actions">
          <SubmitButton pendingText="Making…">Make a token</SubmitButton>
        </div>
      </Form>
    </>
  )
}
