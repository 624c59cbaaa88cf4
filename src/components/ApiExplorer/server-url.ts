import type {ServerModel, ServerVariableModel} from '@site/src/openapi/models/model-types';
import {ownValue} from '@site/src/spec-reader/own-keys';
import type {ExplorerSession} from './explorer-storage';

/** Which server a request goes to, and whose credentials it carries. Pure; also used by first-load code. */

export interface ServerChoice {
  label: string;
  url: string;
  /** Answered in the browser from the spec's examples. */
  sandbox: boolean;
  /** The reader types the base URL (a staging server, a local mock). */
  custom?: boolean;
  /** The URL as written, when it has variables the reader can fill in. */
  template?: string;
  variables?: ServerVariableModel[];
}

/** Servers of the page plus, when the spec names none, an in-browser sandbox. */
export function serverChoices(page: {servers: ServerModel[]}): ServerChoice[] {
  const choices: ServerChoice[] = page.servers.map((server) => {
    const sandbox = /sandbox/i.test(`${server.description ?? ''} ${server.url}`);
    return {
      label: `${server.description ?? server.template ?? server.url}${sandbox ? ' (mock in your browser)' : ''}`,
      url: server.url,
      sandbox,
      ...(server.template && server.variables ? {template: server.template, variables: server.variables} : {}),
    };
  });
  if (!choices.some((choice) => choice.sandbox)) {
    choices.unshift({label: 'Sandbox (mock in your browser)', url: page.servers[0]?.url ?? '', sandbox: true});
  }
  choices.push({label: 'Custom server URL…', url: '', sandbox: false, custom: true});
  return choices;
}

/**
 * The server chosen on an earlier page of this session, else the sandbox, so
 * that a first "Send" never reaches a real API.
 */
export function initialServerIndex(choices: ServerChoice[], stored?: (choice: ServerChoice) => boolean): number {
  const remembered = stored ? choices.findIndex(stored) : -1;
  return remembered >= 0 ? remembered : Math.max(0, choices.findIndex((choice) => choice.sandbox));
}

/** A server's URL with the reader's variable values (defaults for the rest). */
export function resolvedServerUrl(server: Pick<ServerModel, 'url' | 'template' | 'variables'>, values: Record<string, string> | undefined): string {
  if (!server.template || !server.variables) return server.url;
  let url = server.template;
  for (const variable of server.variables) {
    const value = ownValue(values, variable.name);
    url = url.split(`{${variable.name}}`).join(value === undefined || value === '' ? variable.default : value);
  }
  return url;
}

/** The stored identity of a server choice (see ExplorerSession.server). */
export function choiceKey(choice: ServerChoice): string {
  if (choice.sandbox) return 'sandbox';
  if (choice.custom) return 'custom';
  return choice.template ?? choice.url;
}

/**
 * Whose credentials: the sandbox's, or those of one base URL. Credentials
 * typed for one server are never sent to another, including the same
 * template with other variable values.
 */
export function serverKey(choice: ServerChoice, baseUrl: string): string {
  if (choice.sandbox) return 'sandbox';
  try {
    const url = new URL(baseUrl, typeof window === 'undefined' ? 'http://localhost/' : window.location.href);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return baseUrl;
  }
}

export interface ChosenServer {
  index: number;
  choice: ServerChoice;
  /** The URL requests go to (the sandbox's is the description's first server). */
  baseUrl: string;
  /** Whose credentials are used (see serverKey). */
  credentialsKey: string;
}

/**
 * The server the session chose among these, with its URL and whose credentials
 * it takes; `scope` keeps another API's credentials apart from the main API's
 * (src/components/ApiCatalog), even for the same server.
 */
export function chosenServer(choices: ServerChoice[], session: ExplorerSession, scope?: string): ChosenServer {
  const index = initialServerIndex(choices, (choice) => session.server === choiceKey(choice));
  const choice = choices[index];
  const baseUrl = choice.custom ? (session.customUrl ?? '') : choice.sandbox ? choice.url : resolvedServerUrl(choice, session.variables[choice.template ?? '']);
  const key = serverKey(choice, baseUrl);
  return {index, choice, baseUrl, credentialsKey: scope === undefined ? key : `${scope} ${key}`};
}
