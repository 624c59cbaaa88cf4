import type {ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import CopyPageMarkdown from '@site/src/components/CopyPageMarkdown';
import {useSearchVersionAttributes} from '@site/src/components/ApiVersions/search-scope';
import {useSearchApiAttributes} from '@site/src/components/ApiCatalog/use-current-api';
import styles from './styles.module.css';

type Props = WrapperProps<typeof ContentType>;

/**
 * Every docs page offers its Markdown twin (written by the llms-txt plugin)
 * above the content. The content is what the search indexes
 * (`data-pagefind-body`, src/plugins/search): pages without it (home, 404,
 * the search page, blog lists) stay out of the index.
 */
export default function ContentWrapper(props: Props): ReactNode {
  const versionAttributes = useSearchVersionAttributes();
  const apiAttributes = useSearchApiAttributes();
  const {source} = useDoc().metadata;
  // Operation and schema pages name their own kind (OperationPage, SchemaPage); every other doc is a guide.
  const ownKind = /\.(?:api|schema)\.mdx?$/.test(source);
  return (
    <>
      <div className={styles.pageTools}>
        <CopyPageMarkdown />
      </div>
      {/* One Pagefind field per attribute: the version on the body, the kind on the element inside it, the API (several APIs only) inside that. */}
      <div data-pagefind-body="" {...versionAttributes}>
        <div {...(ownKind ? {} : {'data-pagefind-filter': 'kind:guide', 'data-pagefind-meta': 'kind:guide'})}>
          {apiAttributes ? (
            <div {...apiAttributes}>
              <Content {...props} />
            </div>
          ) : (
            <Content {...props} />
          )}
        </div>
      </div>
    </>
  );
}
