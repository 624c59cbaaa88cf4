import type {ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import CopyPageMarkdown from '@site/src/components/CopyPageMarkdown';
import {useSearchVersionAttributes} from '@site/src/components/ApiVersions/search-scope';
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
  return (
    <>
      <div className={styles.pageTools}>
        <CopyPageMarkdown />
      </div>
      <div data-pagefind-body="" {...versionAttributes}>
        <Content {...props} />
      </div>
    </>
  );
}
