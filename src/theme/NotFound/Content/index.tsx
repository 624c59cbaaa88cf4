import type {ReactNode} from 'react';
import {PageMetadata} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import NotFoundContent from '@theme-original/NotFound/Content';
import type NotFoundContentType from '@theme/NotFound/Content';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof NotFoundContentType>;

/**
 * Under /docs and /blog the plugins' own routes render the not-found content
 * without the not-found page's metadata, so the tab kept the site title alone.
 * Setting it here gives every unknown path the same title.
 */
export default function NotFoundContentWrapper(props: Props): ReactNode {
  return (
    <>
      <PageMetadata
        title={translate({id: 'theme.NotFound.title', message: 'Page Not Found'})}
      />
      <NotFoundContent {...props} />
    </>
  );
}
