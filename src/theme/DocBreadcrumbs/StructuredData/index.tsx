// Replaces @docusaurus/theme-classic 3.10.2 DocBreadcrumbs/StructuredData. The
// original puts JSON.stringify(breadcrumbs) into <script type="application/ld+json">
// through Head, and react-helmet-async writes script text into the server
// HTML unescaped: a page title with "</script><script>…" (an operation
// summary from the spec) ends the element and the rest runs as a script.
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {useBreadcrumbsStructuredData} from '@docusaurus/plugin-content-docs/client';
import type {Props} from '@theme/DocBreadcrumbs/StructuredData';

import {scriptSafeJson} from './scriptSafeJson';

export default function DocBreadcrumbsStructuredData({breadcrumbs}: Props): ReactNode {
  const structuredData = useBreadcrumbsStructuredData({breadcrumbs});
  return (
    <Head>
      <script type="application/ld+json">{scriptSafeJson(structuredData)}</script>
    </Head>
  );
}
