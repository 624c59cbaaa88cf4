import {createHash, randomBytes} from 'node:crypto';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';

/**
 * A real API on 127.0.0.1 for the explorer's tests: it records what each
 * request carried (headers, query, cookies), answers with CORS headers for
 * the docs' origin (or none, to provoke a CORS failure), and plays an OAuth
 * 2.0 server: client credentials, and authorization code with PKCE, checking
 * the client and the code verifier as a real one does.
 */

export interface Received {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization?: string;
  apiKey?: string;
  cookie?: string;
}

export interface TestApi {
  port: number;
  origin: string;
  received: Received[];
  /** Token requests, with their form fields. */
  tokenRequests: Record<string, string>[];
  close: () => Promise<void>;
}

export const CLIENT = {id: 'test-client', secret: 'test-secret'};
const S256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function corsHeaders(request: IncomingMessage, cors: boolean): Record<string, string> {
  if (!cors || !request.headers.origin) return {};
  return {
    'access-control-allow-origin': request.headers.origin,
    'access-control-allow-credentials': 'true',
    // COPY and its Destination header: openapi-3.2.spec.ts sends an OpenAPI 3.2 additional operation.
    'access-control-allow-headers': 'authorization, x-api-key, content-type, accept, destination',
    'access-control-allow-methods': 'GET, POST, OPTIONS, COPY',
    vary: 'Origin',
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });
}

export async function startTestApi({cors = true, redirectTo}: {cors?: boolean; redirectTo?: () => string} = {}): Promise<TestApi> {
  const received: Received[] = [];
  const tokenRequests: Record<string, string>[] = [];
  const codes = new Map<string, {challenge: string; redirectUri: string; clientId: string; scope: string}>();
  let issued = 0;

  const json = (response: ServerResponse, status: number, headers: Record<string, string>, body: unknown) =>
    response.writeHead(status, {...headers, 'content-type': 'application/json', 'cache-control': 'no-store'}).end(JSON.stringify(body));

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const headers = corsHeaders(request, cors);
    if (request.method === 'OPTIONS') {
      response.writeHead(204, headers).end();
      return;
    }
    if (url.pathname === '/oauth/authorize') {
      // Approves at once, as a signed-in user would.
      const code = randomBytes(12).toString('hex');
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      codes.set(code, {
        challenge: url.searchParams.get('code_challenge') ?? '',
        redirectUri,
        clientId: url.searchParams.get('client_id') ?? '',
        scope: url.searchParams.get('scope') ?? '',
      });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, {location: back.href}).end();
      return;
    }
    if (url.pathname === '/oauth/token' && request.method === 'POST') {
      const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
      tokenRequests.push(form);
      issued += 1;
      if (form.grant_type === 'client_credentials') {
        if (form.client_id !== CLIENT.id || form.client_secret !== CLIENT.secret) {
          json(response, 401, headers, {error: 'invalid_client', error_description: 'Unknown client or wrong secret.'});
          return;
        }
        json(response, 200, headers, {access_token: `cc-token-${issued}`, token_type: 'Bearer', expires_in: 600, scope: form.scope ?? 'things:read things:write'});
        return;
      }
      const grant = codes.get(form.code ?? '');
      codes.delete(form.code ?? '');
      if (form.grant_type !== 'authorization_code' || !grant || grant.clientId !== form.client_id || grant.redirectUri !== form.redirect_uri || S256(form.code_verifier ?? '') !== grant.challenge) {
        json(response, 400, headers, {error: 'invalid_grant', error_description: 'The code, redirect URI or code verifier does not match.'});
        return;
      }
      json(response, 200, headers, {access_token: `pkce-token-${issued}`, token_type: 'Bearer', expires_in: 600, scope: grant.scope});
      return;
    }
    received.push({
      method: request.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      ...(request.headers.authorization ? {authorization: request.headers.authorization} : {}),
      ...(request.headers['x-api-key'] ? {apiKey: String(request.headers['x-api-key'])} : {}),
      ...(request.headers.cookie ? {cookie: request.headers.cookie} : {}),
    });
    await readBody(request);
    if (redirectTo && url.pathname.endsWith('/hop')) {
      response.writeHead(307, {...headers, location: `${redirectTo()}/v1/landing`}).end();
      return;
    }
    json(response, 200, headers, {path: url.pathname, authorization: request.headers.authorization ?? null});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    received,
    tokenRequests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
