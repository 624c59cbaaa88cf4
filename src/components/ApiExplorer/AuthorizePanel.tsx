import {useEffect, useId, useRef, useState, type ReactNode} from 'react';
import type {OAuthFlowModel, SecuritySchemeModel} from '@site/src/openapi/models/model-types';
import {ownValue} from '@site/src/spec-reader/own-keys';
import {isExpired, resolveAgainst} from './auth';
import type {ExplorerSession, SchemeCredential} from './explorer-storage';
import {Field} from './form-parts';
import {clientCredentialsBody, flowsWithButton, readTokenReply, requestClientCredentialsToken, startAuthorizationCode} from './oauth';
import {issueSandboxToken, respondAsTokenEndpoint, sandboxIssuesTokens} from './sandbox-auth';
import {withCredential} from './session-store';
import styles from './styles.module.css';

/**
 * "Authorize": one place for the credentials of every security scheme of the
 * description, for the chosen server. What is typed here is used by every
 * explorer of the site for this browsing session (see ./explorer-storage).
 */

export interface PanelContext {
  schemes: SecuritySchemeModel[];
  /** Whose credentials (see serverKey) and the base URL relative token URLs resolve against. */
  serverKey: string;
  serverLabel: string;
  baseUrl: string;
  sandbox: boolean;
  /** Scopes the current operation asks for, by scheme: preselected until the reader chooses. */
  neededScopes?: Record<string, string[]>;
  session: ExplorerSession;
  update: (change: (session: ExplorerSession) => ExplorerSession) => void;
  signOut: () => void;
}

const FLOW_NOTES: Record<string, string> = {
  implicit:
    'The implicit flow is not offered here: the OAuth 2.0 Security Best Current Practice (RFC 9700) retires it. Sign in with your own application and paste the access token.',
  password:
    "The password flow would send a user's password through this page. Ask for a token from your own application or with cURL, and paste it.",
  deviceAuthorization: 'The device authorization flow runs on another device. Paste the access token it gives you.',
};

function expiryText(credential: SchemeCredential): string {
  if (credential.expiresAt === undefined) return '';
  const minutes = Math.round((credential.expiresAt - Date.now()) / 60_000);
  const at = new Date(credential.expiresAt).toLocaleTimeString();
  return minutes <= 0 ? ` It expired at ${at}.` : ` It expires at ${at} (in ${minutes} min).`;
}

function TokenState({credential}: {credential: SchemeCredential | undefined}): ReactNode {
  if (!credential?.token) return null;
  return (
    <p className={styles.tokenState} data-testid="token-state">
      {credential.obtainedBy ? 'Token received.' : 'Token pasted.'}
      {credential.grantedScopes ? ` Granted scopes: ${credential.grantedScopes.length > 0 ? credential.grantedScopes.join(', ') : 'none'}.` : ' Its scopes are not known here.'}
      {expiryText(credential)}
    </p>
  );
}

function ScopeChoice({id, flow, chosen, onChange}: {id: string; flow: OAuthFlowModel; chosen: string[]; onChange: (scopes: string[]) => void}): ReactNode {
  if (flow.scopes.length === 0) return null;
  return (
    <fieldset className={styles.scopes}>
      <legend>Scopes to ask for</legend>
      {flow.scopes.map((scope) => (
        <label key={scope.name} htmlFor={`${id}-${scope.name}`}>
          <input
            id={`${id}-${scope.name}`}
            type="checkbox"
            checked={chosen.includes(scope.name)}
            onChange={(event) => onChange(event.target.checked ? [...chosen, scope.name] : chosen.filter((name) => name !== scope.name))}
          />{' '}
          <code>{scope.name}</code> {scope.description ? <small>{scope.description}</small> : null}
        </label>
      ))}
    </fieldset>
  );
}

function SecretInput({id, label, value, onChange, autoComplete = 'off'}: {id: string; label: ReactNode; value: string | undefined; onChange: (value: string) => void; autoComplete?: string}): ReactNode {
  return (
    <Field id={id} label={label}>
      <input id={id} type="password" autoComplete={autoComplete} spellCheck={false} value={value ?? ''} onChange={(event) => onChange(event.target.value)} />
    </Field>
  );
}

function OAuthFields({scheme, context, idPrefix}: {scheme: SecuritySchemeModel; context: PanelContext; idPrefix: string}): ReactNode {
  const {session, update, serverKey, sandbox, baseUrl} = context;
  const credential = ownValue(session.credentials[serverKey], scheme.key);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>('');
  const set = (change: Partial<SchemeCredential>) => update((current) => withCredential(current, serverKey, scheme.key, {...ownValue(current.credentials[serverKey], scheme.key), ...change}));
  const scopes = credential?.scopes ?? ownValue(context.neededScopes, scheme.key) ?? [];
  const buttons = flowsWithButton(scheme.flows);
  const scopeFlow = buttons[0] ?? scheme.flows.find((flow) => flow.scopes.length > 0);

  const getToken = async (flow: OAuthFlowModel | undefined) => {
    setBusy(true);
    setMessage('');
    try {
      if (sandbox && flow?.type === 'clientCredentials') {
        // The sandbox plays the token URL: the same request, answered in the browser.
        const reply = respondAsTokenEndpoint(
          {flow, responses: []},
          {method: 'POST', path: '', pathParameters: {}, query: {}, headers: {}, contentType: 'application/x-www-form-urlencoded', body: clientCredentialsBody(credential?.clientId ?? '', credential?.clientSecret ?? '', scopes)},
        );
        const result = readTokenReply(reply.status, reply.body, scopes);
        if (result.credential) set({...result.credential, scopes, obtainedBy: 'sandbox'});
        setMessage(result.error ?? 'The sandbox issued a token.');
      } else if (sandbox || !flow) {
        // Other flows in the sandbox: a token at once, with the chosen scopes (all of them if none).
        const granted = scopes.length > 0 ? scopes : (scopeFlow?.scopes.map((scope) => scope.name) ?? []);
        const {token, expiresAt} = issueSandboxToken(granted, credential?.clientId);
        set({token, expiresAt, grantedScopes: granted, scopes, obtainedBy: 'sandbox'});
        setMessage('The sandbox issued a token.');
      } else if (flow.type === 'clientCredentials') {
        const tokenUrl = resolveAgainst(flow.tokenUrl!, baseUrl);
        const result = await requestClientCredentialsToken(tokenUrl, credential?.clientId ?? '', credential?.clientSecret ?? '', scopes);
        if (result.credential) set({...result.credential, scopes, obtainedBy: 'clientCredentials'});
        setMessage(result.error ?? `Token received from ${new URL(tokenUrl).host}.`);
      } else {
        await startAuthorizationCode(
          {authorizationUrl: resolveAgainst(flow.authorizationUrl!, baseUrl), tokenUrl: resolveAgainst(flow.tokenUrl!, baseUrl)},
          {scheme: scheme.key, serverKey, clientId: credential?.clientId ?? '', ...(credential?.clientSecret ? {clientSecret: credential.clientSecret} : {}), scopes},
        );
      }
    } catch (caught) {
      setMessage(`Getting a token failed: ${(caught as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  const needsClient = buttons.length > 0 && !sandbox ? true : buttons.some((flow) => flow.type === 'clientCredentials');
  return (
    <>
      {scheme.flows.map((flow) => (
        <p key={flow.type} className={styles.note}>
          Flow <code>{flow.type}</code>
          {flow.tokenUrl ? <>, token URL <code>{flow.tokenUrl}</code></> : null}
          {flow.authorizationUrl ? <>, authorization URL <code>{flow.authorizationUrl}</code></> : null}
          {flow.deviceAuthorizationUrl ? <>, device authorization URL <code>{flow.deviceAuthorizationUrl}</code></> : null}
          {ownValue(FLOW_NOTES, flow.type) ? <>. {ownValue(FLOW_NOTES, flow.type)}</> : '.'}
        </p>
      ))}
      {needsClient ? (
        <>
          <Field id={`${idPrefix}-client-id`} label="Client ID">
            <input id={`${idPrefix}-client-id`} autoComplete="off" spellCheck={false} value={credential?.clientId ?? ''} onChange={(event) => set({clientId: event.target.value})} />
          </Field>
          <SecretInput id={`${idPrefix}-client-secret`} label="Client secret" value={credential?.clientSecret} onChange={(value) => set({clientSecret: value})} />
        </>
      ) : null}
      {scopeFlow ? <ScopeChoice id={`${idPrefix}-scope`} flow={scopeFlow} chosen={scopes} onChange={(chosen) => set({scopes: chosen})} /> : null}
      <div className={styles.buttonRow}>
        {sandbox ? (
          <button type="button" className="button button--secondary button--sm" disabled={busy} onClick={() => void getToken(buttons.find((flow) => flow.type === 'clientCredentials'))}>
            Get a sandbox token
          </button>
        ) : (
          buttons.map((flow) => (
            <button key={flow.type} type="button" className="button button--secondary button--sm" disabled={busy} onClick={() => void getToken(flow)}>
              {flow.type === 'clientCredentials' ? 'Get token' : `Sign in at ${new URL(resolveAgainst(flow.authorizationUrl!, baseUrl)).host}`}
            </button>
          ))
        )}
      </div>
      <p role="status" className={styles.note}>
        {message}
      </p>
      <SecretInput
        id={`${idPrefix}-token`}
        label={scheme.type === 'openIdConnect' ? 'ID or access token' : 'Access token'}
        value={credential?.token}
        onChange={(value) => set({token: value, grantedScopes: undefined, expiresAt: undefined, obtainedBy: undefined})}
      />
      <TokenState credential={credential} />
      {credential?.token && isExpired(credential) ? <p className={styles.error}>This token has expired: get a new one.</p> : null}
    </>
  );
}

function SchemeFields({scheme, context, idPrefix}: {scheme: SecuritySchemeModel; context: PanelContext; idPrefix: string}): ReactNode {
  const {session, update, serverKey} = context;
  const credential = ownValue(session.credentials[serverKey], scheme.key);
  const set = (change: Partial<SchemeCredential>) => update((current) => withCredential(current, serverKey, scheme.key, {...ownValue(current.credentials[serverKey], scheme.key), ...change}));
  switch (scheme.type) {
    case 'apiKey':
      return scheme.name && scheme.in ? (
        <SecretInput
          id={`${idPrefix}-api-key`}
          label={<>API key <small>(sent in the {scheme.in} <code>{scheme.name}</code>)</small></>}
          value={credential?.apiKey}
          onChange={(value) => set({apiKey: value})}
        />
      ) : (
        <p className={styles.note}>The description does not say where this API key goes, so the explorer cannot send it.</p>
      );
    case 'http':
      return scheme.scheme === 'basic' ? (
        <>
          <Field id={`${idPrefix}-username`} label="User name">
            <input id={`${idPrefix}-username`} autoComplete="off" spellCheck={false} value={credential?.username ?? ''} onChange={(event) => set({username: event.target.value})} />
          </Field>
          <SecretInput id={`${idPrefix}-password`} label="Password" value={credential?.password} onChange={(value) => set({password: value})} />
        </>
      ) : (
        <>
          <SecretInput
            id={`${idPrefix}-token`}
            label={scheme.scheme === 'bearer' ? <>Bearer token{scheme.bearerFormat ? <small> ({scheme.bearerFormat})</small> : null}</> : <>Credentials after <code>{`Authorization: ${scheme.scheme ?? ''}`}</code></>}
            value={credential?.token}
            onChange={(value) => set({token: value, grantedScopes: undefined, expiresAt: undefined, obtainedBy: undefined})}
          />
          {context.sandbox && scheme.scheme === 'bearer' && sandboxIssuesTokens(context.schemes) ? (
            <div className={styles.buttonRow}>
              <button
                type="button"
                className="button button--secondary button--sm"
                onClick={() => {
                  // The sandbox's bearer tokens are its OAuth tokens: this one has every scope of the description.
                  const scopes = [...new Set(context.schemes.flatMap((candidate) => candidate.flows.flatMap((flow) => flow.scopes.map((scope) => scope.name))))];
                  const {token, expiresAt} = issueSandboxToken(scopes, undefined);
                  set({token, expiresAt, grantedScopes: scopes, obtainedBy: 'sandbox'});
                }}>
                Get a sandbox token
              </button>
            </div>
          ) : null}
          <TokenState credential={credential} />
        </>
      );
    case 'oauth2':
      return (
        <>
          {scheme.oauth2MetadataUrl ? (
            <p className={styles.note}>
              Authorization server metadata: <a href={scheme.oauth2MetadataUrl}>{scheme.oauth2MetadataUrl}</a>.
            </p>
          ) : null}
          <OAuthFields scheme={scheme} context={context} idPrefix={idPrefix} />
        </>
      );
    case 'openIdConnect':
      return (
        <>
          {scheme.openIdConnectUrl ? (
            <p className={styles.note}>
              Discovery document: <a href={scheme.openIdConnectUrl}>{scheme.openIdConnectUrl}</a>. Sign in with your provider and paste the token.
            </p>
          ) : null}
          <OAuthFields scheme={scheme} context={context} idPrefix={idPrefix} />
        </>
      );
    case 'mutualTLS':
      return <p className={styles.note}>Mutual TLS: your browser presents its own client certificate when the server asks for one. There is nothing to fill in here.</p>;
    default:
      return <p className={styles.note}>The explorer cannot send credentials of the type &quot;{scheme.type}&quot;.</p>;
  }
}

/** The panel's content: every scheme, then where credentials are kept and how to forget them. */
export function AuthorizeForm({context, idPrefix, notice}: {context: PanelContext; idPrefix: string; notice?: string}): ReactNode {
  const {session, update, signOut, schemes, serverLabel} = context;
  return (
    <div className={styles.authorize}>
      <p className={styles.note}>
        Credentials for <strong>{serverLabel}</strong>. They are kept for this browsing session and sent only to this server
        {schemes.some((scheme) => scheme.flows.length > 0) ? ' (client secrets only to the token URL)' : ''}.
      </p>
      {notice ? (
        <p role="alert" className={styles.notice}>
          {notice}
        </p>
      ) : null}
      {schemes.length === 0 ? <p>The API description declares no security schemes.</p> : null}
      {schemes.map((scheme) => (
        <fieldset key={scheme.key} className={styles.scheme}>
          <legend>
            <code>{scheme.key}</code> <small>{scheme.kind}</small>
            {scheme.deprecated ? <small className={styles.deprecatedScheme}> deprecated</small> : null}
          </legend>
          <SchemeFields scheme={scheme} context={context} idPrefix={`${idPrefix}-${scheme.key.replace(/[^A-Za-z0-9_-]/g, '_')}`} />
        </fieldset>
      ))}
      <label className={styles.check} htmlFor={`${idPrefix}-remember`}>
        <input id={`${idPrefix}-remember`} type="checkbox" checked={session.remember === true} onChange={(event) => update((current) => ({...current, remember: event.target.checked}))} /> Remember
        on this device (kept in this browser until you sign out, even after it closes)
      </label>
      <label className={styles.check} htmlFor={`${idPrefix}-samples`}>
        <input
          id={`${idPrefix}-samples`}
          type="checkbox"
          checked={session.samplesUseCredentials === true}
          onChange={(event) => update((current) => ({...current, samplesUseCredentials: event.target.checked}))}
        />{' '}
        Use my credentials in the code samples
      </label>
      <div className={styles.buttonRow}>
        <button type="button" className="button button--outline button--danger button--sm" onClick={signOut}>
          Sign out
        </button>
      </div>
    </div>
  );
}

/** The panel as a modal dialog: focus stays in it, Escape closes it. */
export default function AuthorizeDialog({
  open,
  onClose,
  context,
  notice,
  children,
}: {
  open: boolean;
  onClose: () => void;
  context: PanelContext;
  notice?: string;
  /** Shown above the schemes (the overview's server choice). */
  children?: ReactNode;
}): ReactNode {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={titleId} onClose={onClose}>
      <div className={styles.dialogHeader}>
        <h2 id={titleId}>Authorize</h2>
        <button type="button" className="button button--primary button--sm" onClick={onClose}>
          Done
        </button>
      </div>
      {open ? (
        <>
          {children}
          <AuthorizeForm context={context} idPrefix="authorize" notice={notice} />
        </>
      ) : null}
    </dialog>
  );
}
