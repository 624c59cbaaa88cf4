import {useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import {jsonValueAsText} from '@site/src/openapi/model-text';
import type {OperationPageModel} from '@site/src/openapi/types';
import {useRequestContentType} from '@site/src/components/OperationPage/requestContentType';
import {respondFromSandbox, type ExplorerRequest, type ExplorerResponse} from './sandbox';
import {bodyRows, exampleBody, Field, initialServerIndex, parameterKey, ParameterLabel, serverChoices} from './form-parts';
import styles from './styles.module.css';

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

function needsToken(page: OperationPageModel): boolean {
  return page.security.some((alternative) => alternative.some((requirement) => /oauth2|bearer|openIdConnect/i.test(requirement.kind)));
}

/** The "Try it" form: fill in parameters and body, send, read the response. */
export default function ApiExplorer({page}: {page: OperationPageModel}): ReactNode {
  const formId = useId();
  const servers = useMemo(() => serverChoices(page), [page]);
  const [serverIndex, setServerIndex] = useState(() => initialServerIndex(servers));
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(page.parameters.map((parameter) => [parameterKey(parameter), jsonValueAsText(parameter.example)])),
  );
  const content = page.requestBody?.content ?? [];
  // Shared with the page's content-type tabs through the URL (see requestContentType).
  const [media, chooseContentType] = useRequestContentType(content);
  const contentType = media?.mediaType;
  const [body, setBody] = useState(() => exampleBody(media));
  // The example follows the content type, unless the reader already edited the body.
  const shownMedia = useRef(media);
  useEffect(() => {
    const previous = shownMedia.current;
    shownMedia.current = media;
    if (previous === media) return;
    setBody((current) => (current === exampleBody(previous) ? exampleBody(media) : current));
  }, [media]);
  const [token, setToken] = useState('');
  const [customUrl, setCustomUrl] = useState('');
  const [pending, setPending] = useState(false);
  const [response, setResponse] = useState<ExplorerResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const server = servers[serverIndex];
  const baseUrl = server.custom ? customUrl : server.url;

  const buildRequest = (): ExplorerRequest => {
    const pathParameters: Record<string, string> = {};
    const query: Record<string, string> = {};
    const headers: Record<string, string> = {};
    let path = page.path;
    for (const parameter of page.parameters) {
      const value = values[parameterKey(parameter)] ?? '';
      if (parameter.in === 'path') {
        pathParameters[parameter.name] = value;
        path = path.split(`{${parameter.name}}`).join(encodeURIComponent(value));
      } else if (value !== '' && parameter.in === 'query') query[parameter.name] = value;
      else if (value !== '' && parameter.in === 'header') headers[parameter.name] = value;
    }
    if (token) headers.Authorization = `Bearer ${token}`;
    if (contentType && body.trim() !== '') headers['Content-Type'] = contentType;
    return {method: page.method.toUpperCase(), path, pathParameters, query, headers, contentType, body: content.length > 0 ? body : undefined};
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    const request = buildRequest();
    const started = performance.now();
    try {
      if (server.sandbox) {
        setResponse({...respondFromSandbox(page, request), durationMs: Math.round(performance.now() - started)});
      } else {
        const url = new URL(`${baseUrl.replace(/\/+$/, '')}${request.path}`, window.location.href);
        Object.entries(request.query).forEach(([name, value]) => url.searchParams.append(name, value));
        const controller = new AbortController();
        const timer = window.setTimeout(() => controller.abort(), 30_000);
        try {
          const reply = await fetch(url, {
            method: request.method,
            headers: request.headers,
            body: ['GET', 'HEAD'].includes(request.method) ? undefined : request.body,
            signal: controller.signal,
          });
          const text = await reply.text();
          const headers: Record<string, string> = {};
          reply.headers.forEach((value, name) => {
            headers[name] = value;
          });
          setResponse({
            status: reply.status,
            statusText: reply.statusText,
            headers,
            body: text,
            durationMs: Math.round(performance.now() - started),
          });
        } finally {
          window.clearTimeout(timer);
        }
      }
    } catch (caught) {
      setResponse(null);
      setError(
        `The request to ${baseUrl} failed: ${(caught as Error).message}. The server may be unreachable from this page, or may not allow cross-origin requests (CORS).`,
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <form className={styles.explorer} onSubmit={send} aria-label="API explorer">
      <Field id={`${formId}-server`} label="Server">
        <select id={`${formId}-server`} value={serverIndex} onChange={(event) => setServerIndex(Number(event.target.value))}>
          {servers.map((choice, index) => (
            <option key={`${choice.label}-${index}`} value={index}>
              {choice.label}
            </option>
          ))}
        </select>
      </Field>
      {server.custom ? (
        <Field id={`${formId}-custom-url`} label="Server URL">
          <input id={`${formId}-custom-url`} type="url" required value={customUrl} onChange={(event) => setCustomUrl(event.target.value)} placeholder="https://staging.example.com" />
        </Field>
      ) : null}
      {needsToken(page) && !server.sandbox ? (
        <Field id={`${formId}-token`} label="Access token">
          <input id={`${formId}-token`} type="password" autoComplete="off" value={token} onChange={(event) => setToken(event.target.value)} placeholder="YOUR_ACCESS_TOKEN" />
        </Field>
      ) : null}
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
          <Field id={`${formId}-body`} label={`Request body (${contentType})`}>
            <textarea id={`${formId}-body`} value={body} rows={bodyRows(body)} onChange={(event) => setBody(event.target.value)} spellCheck={false} />
          </Field>
        </>
      ) : null}
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? 'Sending…' : `Send ${page.method.toUpperCase()} request`}
      </button>
      <div aria-live="polite" className={styles.result}>
        {error ? <p className={styles.error}>{error}</p> : null}
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
  );
}
