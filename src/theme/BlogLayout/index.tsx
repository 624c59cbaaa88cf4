// Copy of @docusaurus/theme-classic 3.10.2 BlogLayout, one change: a post's
// table of contents is a navigation landmark named "On this page", not a bare
// column outside every landmark (axe: region), which screen readers' landmark
// lists skipped.
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Layout from '@theme/Layout';
import BlogSidebar from '@theme/BlogSidebar';
import type {Props} from '@theme/BlogLayout';

export default function BlogLayout(props: Props): ReactNode {
  const {sidebar, toc, children, ...layoutProps} = props;
  const hasSidebar = sidebar && sidebar.items.length > 0;
  return (
    <Layout {...layoutProps}>
      <div className="container margin-vert--lg">
        <div className="row">
          <BlogSidebar sidebar={sidebar} />
          <main className={clsx('col', {'col--7': hasSidebar, 'col--9 col--offset-1': !hasSidebar})}>{children}</main>
          {toc && (
            <nav className="col col--2" aria-label="On this page">
              {toc}
            </nav>
          )}
        </div>
      </div>
    </Layout>
  );
}
