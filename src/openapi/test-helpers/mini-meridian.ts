import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {stringify} from 'yaml';

import type {JsonObject} from '../../spec-reader/spec-document';

/** A few of Meridian's operations and tags, for tests of hand-written API links. */
export const miniMeridian: JsonObject = {
  openapi: '3.1.0',
  info: {title: 'Meridian API', version: '2.2.0'},
  tags: [{name: 'Authentication'}, {name: 'Contacts'}, {name: 'Unused'}],
  paths: {
    '/v1/oauth/token': {post: {operationId: 'getAccessToken', summary: 'Get an access token', tags: ['Authentication'], responses: {}}},
    '/v1/contacts': {get: {operationId: 'listContacts', summary: 'List contacts', tags: ['Contacts'], responses: {}}},
    '/v1/ping': {get: {operationId: 'ping', responses: {}}},
  },
};

/** A temporary site directory; `writeSpec` puts a resolved description at .spec/openapi.yaml as `npm run spec` would. */
export function temporarySite() {
  const dir = mkdtempSync(path.join(tmpdir(), 'api-links-'));
  return {
    dir,
    writeSpec(document: unknown = miniMeridian) {
      mkdirSync(path.join(dir, '.spec'), {recursive: true});
      writeFileSync(path.join(dir, '.spec/openapi.yaml'), typeof document === 'string' ? document : stringify(document));
    },
    remove: () => rmSync(dir, {recursive: true, force: true}),
  };
}
