import {execFile} from 'node:child_process';
import {copyFile, mkdir, readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';

import {benchPackageDir, benchPackageVersion} from './packages';

const execFileAsync = promisify(execFile);

/** A peer renderer of the same spec, prepared as static files under one folder. */
export interface Peer {
  name: string;
  /** Folder under the peers root. */
  folder: string;
  /** Path and fragment that opens createContact. */
  deepLink: string;
  version: string;
}

export interface PeerSetupOptions {
  projectRoot: string;
  /** The bundled spec every peer renders. */
  specFile: string;
  peersRoot: string;
}

/** The site's own packages (the Redocly CLI, for linting the spec). */
async function sitePackageVersion(projectRoot: string, name: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(projectRoot, 'node_modules', name, 'package.json'), 'utf8')) as {version?: string};
  return manifest.version ?? 'unknown';
}

const packageVersion = (name: string): string => benchPackageVersion(name) ?? 'unknown';

const page = (title: string, head: string, body: string): string => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${title}</title>
${head}
  </head>
  <body>
${body}
  </body>
</html>
`;

async function setUpRedoc({projectRoot, specFile, peersRoot}: PeerSetupOptions): Promise<Peer> {
  const folder = path.join(peersRoot, 'redoc');
  await mkdir(folder, {recursive: true});
  // --inlineBundle puts Redoc's script in the page instead of loading it from
  // Redocly's CDN, so the page works offline (redocly CLI 2.x).
  await execFileAsync(
    path.join(projectRoot, 'node_modules/.bin/redocly'),
    ['build-docs', specFile, '--output', path.join(folder, 'index.html'), '--inlineBundle', '--lint-config=off'],
    {cwd: projectRoot, env: {...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'}, maxBuffer: 16 * 1024 * 1024},
  );
  return {name: 'Redoc', folder: 'redoc', deepLink: '/redoc/#tag/Contacts/operation/createContact', version: `@redocly/cli ${await sitePackageVersion(projectRoot, '@redocly/cli')}`};
}

async function setUpScalar({specFile, peersRoot}: PeerSetupOptions): Promise<Peer> {
  const folder = path.join(peersRoot, 'scalar');
  await mkdir(folder, {recursive: true});
  await copyFile(path.join(benchPackageDir('@scalar/api-reference'), 'dist/browser/standalone.js'), path.join(folder, 'standalone.js'));
  await copyFile(specFile, path.join(folder, 'openapi.yaml'));
  // Everything that would call Scalar's services is off: fonts from their CDN,
  // telemetry, the AI agent, MCP and the developer toolbar (shown on localhost).
  const configuration = {
    url: './openapi.yaml',
    withDefaultFonts: false,
    telemetry: false,
    agent: {disabled: true},
    mcp: {disabled: true},
    showDeveloperTools: 'never',
  };
  await writeFile(
    path.join(folder, 'index.html'),
    page(
      'Meridian API (Scalar)',
      '',
      `    <div id="app"></div>
    <script src="./standalone.js"></script>
    <script>Scalar.createApiReference('#app', ${JSON.stringify(configuration)});</script>`,
    ),
  );
  return {name: 'Scalar', folder: 'scalar', deepLink: '/scalar/#tag/contacts/POST/v1/contacts', version: `@scalar/api-reference ${packageVersion('@scalar/api-reference')}`};
}

async function setUpSwaggerUi({specFile, peersRoot}: PeerSetupOptions): Promise<Peer> {
  const folder = path.join(peersRoot, 'swagger-ui');
  const dist = benchPackageDir('swagger-ui-dist');
  await mkdir(folder, {recursive: true});
  for (const file of ['swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'swagger-ui.css', 'index.css', 'favicon-32x32.png', 'favicon-16x16.png']) {
    await copyFile(path.join(dist, file), path.join(folder, file));
  }
  await copyFile(specFile, path.join(folder, 'openapi.yaml'));
  // swagger-ui-dist's own index.html and initializer, pointed at the local
  // spec, with the online validator badge (validator.swagger.io) turned off.
  await writeFile(
    path.join(folder, 'swagger-initializer.js'),
    `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: './openapi.yaml',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: 'StandaloneLayout',
  });
};
`,
  );
  await writeFile(
    path.join(folder, 'index.html'),
    page(
      'Meridian API (Swagger UI)',
      `    <link rel="stylesheet" type="text/css" href="./swagger-ui.css">
    <link rel="stylesheet" type="text/css" href="./index.css">
    <link rel="icon" type="image/png" href="./favicon-32x32.png" sizes="32x32">
    <link rel="icon" type="image/png" href="./favicon-16x16.png" sizes="16x16">`,
      `    <div id="swagger-ui"></div>
    <script src="./swagger-ui-bundle.js" charset="UTF-8"></script>
    <script src="./swagger-ui-standalone-preset.js" charset="UTF-8"></script>
    <script src="./swagger-initializer.js" charset="UTF-8"></script>`,
    ),
  );
  return {name: 'Swagger UI', folder: 'swagger-ui', deepLink: '/swagger-ui/#/Contacts/createContact', version: `swagger-ui-dist ${packageVersion('swagger-ui-dist')}`};
}

async function setUpElements({specFile, peersRoot}: PeerSetupOptions): Promise<Peer> {
  const folder = path.join(peersRoot, 'elements');
  const dist = benchPackageDir('@stoplight/elements');
  await mkdir(folder, {recursive: true});
  await copyFile(path.join(dist, 'web-components.min.js'), path.join(folder, 'web-components.min.js'));
  await copyFile(path.join(dist, 'styles.min.css'), path.join(folder, 'styles.min.css'));
  await copyFile(specFile, path.join(folder, 'openapi.yaml'));
  await writeFile(
    path.join(folder, 'index.html'),
    page(
      'Meridian API (Stoplight Elements)',
      `    <script src="./web-components.min.js"></script>
    <link rel="stylesheet" href="./styles.min.css">`,
      `    <elements-api apiDescriptionUrl="./openapi.yaml" router="hash" layout="sidebar"></elements-api>`,
    ),
  );
  return {name: 'Stoplight Elements', folder: 'elements', deepLink: '/elements/#/operations/createContact', version: `@stoplight/elements ${packageVersion('@stoplight/elements')}`};
}

/** Writes the four peers under `peersRoot` (emptied first) and describes them. */
export async function setUpPeers(options: PeerSetupOptions): Promise<Peer[]> {
  await rm(options.peersRoot, {recursive: true, force: true});
  await mkdir(options.peersRoot, {recursive: true});
  return [await setUpRedoc(options), await setUpScalar(options), await setUpSwaggerUi(options), await setUpElements(options)];
}
