import type {ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import styles from './styles.module.css';

/** Links to the resolved spec and the Postman collection written at build time
 * (src/plugins/spec-downloads). Plain links: they are files, not routes. */
export default function SpecDownloads(): ReactNode {
  const yaml = useBaseUrl('/openapi.yaml');
  const json = useBaseUrl('/openapi.json');
  const postman = useBaseUrl('/meridian.postman_collection.json');
  return (
    <p className={styles.downloads}>
      <span className={styles.label}>Download the API description:</span>{' '}
      <a href={yaml} download>OpenAPI (YAML)</a> · <a href={json} download>OpenAPI (JSON)</a> ·{' '}
      <a href={postman} download>Postman collection</a>
    </p>
  );
}
