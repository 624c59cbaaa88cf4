import type {OperationPageModel} from '@site/src/openapi/models/model-types';
import {ownValue} from '@site/src/spec-reader/own-keys';
import {base64} from './auth';
import type {ExplorerSession} from './explorer-storage';
import {chosenServer, serverChoices} from './server-url';

/**
 * The reader's own values for the placeholders of the page's code samples
 * (see sampleRequest in src/openapi/models/model.ts), when they asked for them in
 * the Authorize panel: the credentials of the alternative the samples show,
 * and the chosen server's URL. Null when the samples keep their placeholders.
 */
export function sampleSubstitutions(page: Pick<OperationPageModel, 'security' | 'authSchemes' | 'servers'>, session: ExplorerSession, scope?: string): [string, string][] | null {
  if (!session.samplesUseCredentials) return null;
  const choices = serverChoices(page);
  const {choice, baseUrl, credentialsKey} = chosenServer(choices, session, scope);
  const credentials = session.credentials[credentialsKey] ?? {};
  const pairs: [string, string][] = [];
  for (const requirement of page.security.find((alternative) => alternative.length > 0) ?? []) {
    const scheme = page.authSchemes.find((candidate) => candidate.key === requirement.scheme);
    const credential = ownValue(credentials, requirement.scheme);
    if (!scheme || !credential) continue;
    if (scheme.type === 'apiKey' && credential.apiKey) pairs.push(['YOUR_API_KEY', credential.apiKey]);
    else if (scheme.type === 'http' && scheme.scheme === 'basic' && credential.username) {
      pairs.push(['BASE64_USER_COLON_PASSWORD', base64(`${credential.username}:${credential.password ?? ''}`)]);
    } else if (credential.token) pairs.push(['YOUR_ACCESS_TOKEN', credential.token]);
  }
  const from = (page.servers[0]?.url ?? '').replace(/\/+$/, '');
  const to = baseUrl.replace(/\/+$/, '');
  if (!choice.sandbox && from && to && from !== to) pairs.push([from, to]);
  return pairs.length > 0 ? pairs : null;
}

export function substitute(code: string, pairs: [string, string][]): string {
  return pairs.reduce((text, [from, to]) => text.split(from).join(to), code);
}
