// A real HTTP server on 127.0.0.1 standing in for the Meridian proxy, so the
// tests exercise the real sockets, timeouts and streaming of the fetch code.
import http from 'node:http';
import type {AddressInfo, Socket} from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  at: number;
}

export type SpecHandler = (
  request: http.IncomingMessage,
  response: http.ServerResponse,
  index: number,
) => unknown;

export interface SpecServer {
  /** Base URL, e.g. http://127.0.0.1:40123 (no trailing slash). */
  origin: string;
  requests: RecordedRequest[];
  /** Connections accepted so far: an attempt the client gave up on before its request was read still counts here. */
  connections(): number;
  close(): Promise<void>;
}

const running = new Set<SpecServer>();

export async function startSpecServer(handler: SpecHandler): Promise<SpecServer> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const requests: RecordedRequest[] = [];
  const server = http.createServer((request, response) => {
    const index = requests.length;
    requests.push({method: request.method ?? '', url: request.url ?? '', headers: request.headers, at: Date.now()});
    void handler(request, response, index);
  });
  server.on('connection', (socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  const instance: SpecServer = {
    origin: `http://127.0.0.1:${port}`,
    requests,
    connections: () => connections,
    close: async () => {
      running.delete(instance);
      // Hanging and trickling handlers never end their responses: destroy
      // the sockets so close() returns and the test run can exit.
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  running.add(instance);
  return instance;
}

/** Closes every server still open (for afterAll/afterEach). */
export async function closeAllSpecServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.close()));
}

/** Serves `body` with status 200 as YAML. */
export function sendYaml(response: http.ServerResponse, body: string | Buffer, status = 200): void {
  response.writeHead(status, {'Content-Type': 'application/yaml; charset=utf-8'});
  response.end(body);
}

/** Writes chunks until the client goes away or `limit` bytes are out, respecting backpressure. Resolves with bytes written. */
export function streamUntilClosed(
  response: http.ServerResponse,
  {chunkBytes, limitBytes}: {chunkBytes: number; limitBytes: number},
): Promise<{written: number; finished: boolean}> {
  const chunk = Buffer.alloc(chunkBytes, 'a');
  let written = 0;
  return new Promise((resolve) => {
    const done = (finished: boolean): void => resolve({written, finished});
    response.on('close', () => done(response.writableFinished));
    const pump = (): void => {
      while (!response.destroyed && written < limitBytes) {
        written += chunk.length;
        if (!response.write(chunk)) {
          response.once('drain', pump);
          return;
        }
      }
      if (!response.destroyed) response.end();
    };
    pump();
  });
}
