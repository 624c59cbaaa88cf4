import {useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import {jsonValueAsText} from '@site/src/openapi/models/model-text';
import type {OperationPageModel} from '@site/src/openapi/models/model-types';
import {useRequestContentType} from '@site/src/hooks/useRequestContentType';
import {setOwn} from '@site/src/spec-reader/own-keys';
import {applyCredentials, chooseRequirement} from './auth';
import {AuthSummary} from './AuthStatus';
import AuthorizeDialog from './AuthorizePanel';
import {bodyRows, exampleBody, Field, parameterKey, ParameterLabel} from './form-parts';
import {describedParts, formDataOf, formFields, formPartsOf, initialFormValues, MultipartFields} from './multipart-fields';
import {curlCommand, explainFailure, type RequestFailure, type SentRequest} from './request-failure';
import {respondFromSandbox, type ExplorerRequest, type ExplorerResponse} from './sandbox';
import ServerFields from './ServerFields';
import {chosenServer, serverChoices} from './server-url';
import {useExplorerSession, useSignInReturn} from './session-store';
import styles from './styles.module.css';
import {useCredentialScope} from '@site/src/components/ApiCatalog/use-current-api';

function prettyBody(body: string, contentType: string | undefined): string {
  if (contentType && /json/i.test(contentType)) {
    try {
      return JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      return body;
    }
  }
  return body;
}

/** A cookie value as RFC 6265 allows it, else percent-encoded. */
function cookieValue(value: string): string {
  return /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/.test(value) ? value : encodeURIComponent(value);
}

/**
 * Sets the cookies of a cookie API key for the request's path only, for the
 * time of the request: a page can set cookies for its own host, which is
 * also the API's only when both share the host name (ports do not count).
 */
function withCookies<T>(url: URL, cookies: Record<string, string>, send: () => Promise<T>): Promise<T> {
  const attributes = `; path=${url.pathname}; SameSite=Lax${url.protocol === 'https:' ? '; Secure' : ''}`;
  for (const [name, value] of Object.entries(cookies)) document.cookie = `${name}=${cookieValue(value)}${attributes}`;
  return send().finally(() => {
    for (const name of Object.keys(cookies)) document.cookie = `${name}=${attributes}; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });
}

/** The "Try it" form: choose a server, authorize, fill in parameters and body, send, read the response. */
export default function ApiExplorer({page}: {page: OperationPageModel}): ReactNode {
  const formId = useId();
  const [session, update, signOut] = useExplorerSession();
  const scope = useCredentialScope();
  const servers = useMemo(() => serverChoices(page), [page]);
  const {index: serverIndex, choice: server, baseUrl, credentialsKey} = chosenServer(servers, session, scope);
  const credentials = useMemo(() => session.credentials[credentialsKey] ?? {}, [session, credentialsKey]);
  const requirement = chooseRequirement(page.security, page.authSchemes, credentials);
  const neededScopes = useMemo(
    () => Object.fromEntries(page.security.flat().filter((entry) => entry.scopes.length > 0).map((entry) => [entry.scheme, entry.scopes])),
    [page.security],
  );

  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(page.parameters.map((parameter) => [parameterKey(parameter), jsonValueAsText(parameter.example)])),
  );
  const content = page.requestBody?.content ?? [];
  // Shared with the page's content-type tabs through the URL (see src/hooks/useRequestContentType).
  const [media, chooseContentType] = useRequestContentType(content);
  const contentType = media?.mediaType;
  const [body, setBody] = useState(() => exampleBody(media));
  // A multipart body is a form of its fields, not a text.
  const fields = useMemo(() => formFields(media), [media]);
  const [formValues, setFormValues] = useState(() => initialFormValues(fields ?? []));
  // The example follows the content type, unless the reader already edited the body.
  const shownMedia = useRef(media);
  useEffect(() => {
    const previous = shownMedia.current;
    shownMedia.current = media;
    if (previous === media) return;
    setBody((current) => (current === exampleBody(previous) ? exampleBody(media) : current));
    setFormValues(initialFormValues(formFields(media) ?? []));
  }, [media]);
  const [pending, setPending] = useState(false);
  const [response, setResponse] = useState<ExplorerResponse | null>(null);
  const [failure, setFailure] = useState<RequestFailure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [authorizeOpen, setAuthorizeOpen] = useState(false);
  const signInNotice = useSignInReturn(update);
  // The outcome of a sign-in is shown in the panel.
  useEffect(() => {
    if (signInNotice) setAuthorizeOpen(true);
  }, [signInNotice]);

  const buildRequest = (): ExplorerRequest => {
    const pathParameters: Record<string, string> = {};
    const query: Record<string, string> = {};
    const headers: Record<string, string> = {};
    let path = page.path;
    for (const parameter of page.parameters) {
      const value = values[parameterKey(parameter)] ?? '';
      // setOwn: a parameter named `__proto__` is sent like any other.
      if (parameter.in === 'path') {
        setOwn(pathParameters, parameter.name, value);
        path = path.split(`{${parameter.name}}`).join(encodeURIComponent(value));
      } else if (value !== '' && parameter.in === 'query') setOwn(query, parameter.name, value);
      // A query string parameter (OpenAPI 3.2) is the whole query string, already serialised.
      else if (parameter.in === 'querystring') new URLSearchParams(value).forEach((fieldValue, name) => setOwn(query, name, fieldValue));
      else if (value !== '' && parameter.in === 'header') setOwn(headers, parameter.name, value);
    }
    let cookies: Record<string, string> = {};
    if (requirement.kind === 'use') {
      const applied = applyCredentials(requirement.alternative, page.authSchemes, credentials);
      for (const [name, value] of Object.entries(applied.headers)) setOwn(headers, name, value);
      for (const [name, value] of Object.entries(applied.query)) setOwn(query, name, value);
      cookies = applied.cookies;
    }
    // fetch writes a FormData body's Content-Type, with the boundary it chose.
    if (fields) return {method: page.requestMethod, path, pathParameters, query, headers, cookies, contentType, form: formPartsOf(fields, formValues)};
    if (contentType && body.trim() !== '') headers['Content-Type'] = contentType;
    return {method: page.requestMethod, path, pathParameters, query, headers, cookies, contentType, body: content.length > 0 ? body : undefined};
  };

  const sendToServer = async (request: ExplorerRequest, started: number): Promise<void> => {
    let url: URL;
    try {
      url = new URL(`${baseUrl.replace(/\/+$/, '')}${request.path}`, window.location.href);
    } catch {
      setNotice(`"${baseUrl}" is not a server URL the explorer can send to: check the server URL and its variables.`);
      return;
    }
    Object.entries(request.query).forEach(([name, value]) => url.searchParams.append(name, value));
    const cookies = request.cookies ?? {};
    const sent: SentRequest = {method: request.method, url: url.href, headers: request.headers, cookies, body: request.body, ...(request.form ? {form: describedParts(request.form)} : {})};
    if (Object.keys(cookies).length > 0 && url.hostname !== window.location.hostname) {
      setFailure({
        cause: 'cookie-host',
        message: `The API key goes in a cookie, and browsers do not let this page (${window.location.host}) set cookies for ${url.host}. Send the request with cURL instead:`,
        curl: curlCommand(sent),
      });
      return;
    }
    const withCredentials = requirement.kind === 'use';
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), 30_000);
    try {
      const reply = await withCookies(url, cookies, () =>
        fetch(url, {
          method: request.method,
          headers: request.headers,
          body: ['GET', 'HEAD'].includes(request.method) ? undefined : request.form ? formDataOf(request.form) : request.body,
          signal: controller.signal,
          credentials: Object.keys(cookies).length > 0 ? 'include' : 'omit',
          // Credentials stay with the chosen server: a redirect elsewhere is reported, not followed.
          redirect: withCredentials ? 'manual' : 'follow',
        }),
      );
      if (reply.type === 'opaqueredirect') {
        setNotice(
          'The server answered with a redirect. The explorer does not follow redirects of requests that carry your credentials, so that they never reach another server. Send the request with cURL (add --location to follow it) to see where it leads.',
        );
        return;
      }
      const text = await reply.text();
      const headers: Record<string, string> = {};
      reply.headers.forEach((value, name) => {
        setOwn(headers, name, value);
      });
      setResponse({status: reply.status, statusText: reply.statusText, headers, body: text, durationMs: Math.round(performance.now() - started)});
    } catch (caught) {
      setFailure(await explainFailure(sent, caught));
    } finally {
      window.clearTimeout(timer);
    }
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setFailure(null);
    setNotice(null);
    setResponse(null);
    const request = buildRequest();
    const started = performance.now();
    try {
      if (server.sandbox) setResponse({...respondFromSandbox(page, request), durationMs: Math.round(performance.now() - started)});
      else await sendToServer(request, started);
    } finally {
      setPending(false);
    }
  };

  const panelContext = {
    schemes: page.authSchemes,
    serverKey: credentialsKey,
    serverLabel: server.custom ? baseUrl || 'the custom server' : server.sandbox ? 'the sandbox' : baseUrl,
    baseUrl,
    sandbox: server.sandbox,
    neededScopes,
    session,
    update,
    signOut,
  };

  return (
    <>
      <form className={styles.explorer} onSubmit={send} aria-label="API explorer">
        <ServerFields idPrefix={formId} choices={servers} index={serverIndex} session={session} update={update} />
        <div className={styles.authBox}>
          <p className={styles.authSummary} data-testid="auth-summary">
            <AuthSummary choice={requirement} schemes={page.authSchemes} credentials={credentials} />
          </p>
          {page.authSchemes.length > 0 ? (
            <button type="button" className="button button--secondary button--sm" aria-haspopup="dialog" onClick={() => setAuthorizeOpen(true)}>
              Authorize
            </button>
          ) : null}
        </div>
        {page.parameters.map((parameter) => {
          const key = parameterKey(parameter);
          return (
            <Field key={key} id={`${formId}-${key}`} label={<ParameterLabel parameter={parameter} />}>
              <input id={`${formId}-${key}`} value={values[key] ?? ''} onChange={(event) => setValues({...values, [key]: event.target.value})} />
            </Field>
          );
        })}
        {content.length > 0 ? (
          <>
            {content.length > 1 ? (
              <Field id={`${formId}-content-type`} label="Content type">
                <select id={`${formId}-content-type`} value={contentType} onChange={(event) => chooseContentType(event.target.value)}>
                  {content.map((option) => (
                    <option key={option.mediaType}>{option.mediaType}</option>
                  ))}
                </select>
              </Field>
            ) : null}
            {fields ? (
              <MultipartFields idPrefix={formId} fields={fields} values={formValues} onChange={setFormValues} />
            ) : (
              <Field id={`${formId}-body`} label={`Request body (${contentType})`}>
                <textarea id={`${formId}-body`} value={body} rows={bodyRows(body)} onChange={(event) => setBody(event.target.value)} spellCheck={false} />
              </Field>
            )}
          </>
        ) : null}
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? 'Sending…' : `Send ${page.requestMethod} request`}
        </button>
        <div aria-live="polite" className={styles.result}>
          {failure ? (
            <div data-testid="explorer-failure" data-cause={failure.cause}>
              <p className={styles.error}>{failure.message}</p>
              <CodeBlock language="bash" title="cURL">
                {failure.curl}
              </CodeBlock>
            </div>
          ) : null}
          {notice ? <p className={styles.error}>{notice}</p> : null}
          {response ? (
            <div data-testid="explorer-response">
              <p className={styles.statusLine}>
                <strong>
                  {response.status} {response.statusText}
                </strong>{' '}
                <span>in {response.durationMs} ms{server.sandbox ? ' (sandbox)' : ''}</span>
              </p>
              {response.body ? (
                <CodeBlock language={/json/i.test(response.headers['content-type'] ?? '') ? 'json' : 'text'} title={response.headers['content-type'] ?? 'Response'}>
                  {prettyBody(response.body, response.headers['content-type'])}
                </CodeBlock>
              ) : (
                <p>No response body.</p>
              )}
            </div>
          ) : null}
        </div>
      </form>
      <AuthorizeDialog open={authorizeOpen} onClose={() => setAuthorizeOpen(false)} context={panelContext} notice={signInNotice} />
    </>
  );
}
