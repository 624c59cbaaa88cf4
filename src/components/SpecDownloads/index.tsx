import type {ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useLocation} from '@docusaurus/router';
import {versionOfPath} from '@site/src/components/ApiVersions/switch-target';
import {useApiVersions} from '@site/src/components/ApiVersions/use-api-versions';
import {versionDownloadsDir} from '@site/src/versions/downloads';
import {useCurrentApi} from '@site/src/components/ApiCatalog/use-current-api';
import styles from './styles.module.css';

/** Links to the resolved spec and the Postman collection written at build time
 * (src/plugins/spec-downloads). Plain links: they are files, not routes. */
export default function SpecDownloads(): ReactNode {
  // An older version's overview offers that version's files (src/versions/README.md).
  const data = useApiVersions();
  const {pathname} = useLocation();
  const version = data ? versionOfPath(data.versions, pathname) : undefined;
  // Another API of the site (src/apis/) has its files in a folder of its own.
  const api = useCurrentApi();
  const apiFolder = api && !api.main ? `/${api.downloadsDir}` : '';
  const folder = `${apiFolder}${version && !version.current ? `/${versionDownloadsDir(version.name)}` : ''}`;
  const yaml = useBaseUrl(`${folder}/openapi.yaml`);
  const json = useBaseUrl(`${folder}/openapi.json`);
  const postman = useBaseUrl(`${folder}/${api && !api.main ? api.postmanFilename : 'meridian.postman_collection.json'}`);
  return (
    <p className={styles.downloads}>
      <span className={styles.label}>Download the API description:</span>{' '}
      <a href={yaml} download>OpenAPI (YAML)</a> · <a href={json} download>OpenAPI (JSON)</a> ·{' '}
      <a href={postman} download>Postman collection</a>
    </p>
  );
}
