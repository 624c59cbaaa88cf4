import {createReadStream, existsSync, statSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml',
  '.woff2': 'font/woff2',
};

/** A static server for a build, resolving routes the way `docusaurus serve` does. */
export function serveDirectory(root: string): Promise<Server> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    const base = path.join(root, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    const file = [base, `${base}.html`, path.join(base, 'index.html')].find(
      (candidate) => candidate.startsWith(root) && existsSync(candidate) && statSync(candidate).isFile(),
    );
    const status = file ? 200 : 404;
    const served = file ?? path.join(root, '404.html');
    if (!existsSync(served)) {
      // A directory that is not a whole build (a test's own pages) has no 404 page.
      response.writeHead(status, {'content-type': 'text/plain; charset=utf-8'}).end('Not Found');
      return;
    }
    response.writeHead(status, {'content-type': CONTENT_TYPES[path.extname(served)] ?? 'application/octet-stream'});
    createReadStream(served).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}


/**
 * Serves `root` on 127.0.0.1 for the tests of the describe block it is called
 * in, and stops it after them; `origin()` is the server's origin.
 */
export function serveDuringTests(hooks: {beforeAll: (fn: () => Promise<void>) => void; afterAll: (fn: () => Promise<void>) => void}, root: string): {origin: () => string} {
  let server: Server | undefined;
  hooks.beforeAll(async () => {
    server = await serveDirectory(root);
  });
  hooks.afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
  return {
    origin: () => {
      const address = server?.address();
      if (!address || typeof address === 'string') throw new Error(`the static server for ${root} is not listening`);
      return `http://127.0.0.1:${address.port}`;
    },
  };
}
