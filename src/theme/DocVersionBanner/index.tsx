import type {ReactNode} from 'react';
import DocVersionBanner from '@theme-original/DocVersionBanner';
import type DocVersionBannerType from '@theme/DocVersionBanner';
import type {WrapperProps} from '@docusaurus/types';
import {useLocation} from '@docusaurus/router';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import {OlderVersionBanner, VersionSwitchNote} from '@site/src/components/ApiVersions/VersionBanner';
import {currentPathOfIndex, versionOfPath} from '@site/src/components/ApiVersions/switch-target';
import {useApiVersions} from '@site/src/components/ApiVersions/use-api-versions';

type Props = WrapperProps<typeof DocVersionBannerType>;

/** The page's doc front matter; undefined on a category's generated index, which renders this banner outside any doc. */
function useDocFrontMatter(): Record<string, unknown> | undefined {
  // useDoc always reads its context first and only then throws, so hooks keep their order.
  try {
    return useDoc().frontMatter as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * The docs plugin's version banner (none: the site has one docs version), and
 * above it the API's: an older version's pages say so (the version from the
 * route; the same page's current route from the front matter
 * `current_version_path`, written by src/openapi/generation/page-generators.ts, or for
 * the schemas' generated index the current one's), and a
 * version switch that could not keep the reader's page says why.
 */
export default function DocVersionBannerWrapper(props: Props): ReactNode {
  const frontMatter = useDocFrontMatter();
  const data = useApiVersions();
  const {pathname, state} = useLocation<{apiVersionNote?: string} | undefined>();
  const version = data ? versionOfPath(data.versions, pathname) : undefined;
  const currentPath =
    typeof frontMatter?.current_version_path === 'string'
      ? frontMatter.current_version_path
      : frontMatter === undefined && data
        ? currentPathOfIndex(data.versions, pathname)
        : undefined;
  return (
    <>
      {state?.apiVersionNote ? <VersionSwitchNote note={state.apiVersionNote} /> : null}
      {version && !version.current ? <OlderVersionBanner version={version.name} {...(currentPath ? {currentPath} : {})} /> : null}
      <DocVersionBanner {...props} />
    </>
  );
}
