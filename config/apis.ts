import type {ApisConfig} from '../src/apis/apis-config';

/**
 * The APIs this site publishes, as docusaurus-openapi-docs' `config` option
 * writes them: one entry per API, the main one first. Adding an API is
 * adding an entry (src/apis/README.md; tests/fixtures/apis/apis.ts is a
 * two-API example). Meridian's releases are the files of openapi/releases/.
 */
export const apis = {
  meridian: {
    label: 'Meridian',
    // The bundled description; SPEC_FILE and SPEC_PROXY_URL win over it.
    specPath: 'openapi/meridian.yaml',
    outputDir: 'docs/api',
  },
} satisfies ApisConfig;
