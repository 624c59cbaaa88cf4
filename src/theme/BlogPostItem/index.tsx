import type {ReactNode} from 'react';
import BlogPostItem from '@theme-original/BlogPostItem';
import type BlogPostItemType from '@theme/BlogPostItem';
import type {WrapperProps} from '@docusaurus/types';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';

type Props = WrapperProps<typeof BlogPostItemType>;

/**
 * A blog post's own page is what the search indexes (`data-pagefind-body`,
 * src/plugins/search), in the section "Blog"; the same post in the blog
 * lists is not, so a post is found once.
 */
export default function BlogPostItemWrapper(props: Props): ReactNode {
  const {isBlogPostPage} = useBlogPost();
  if (!isBlogPostPage) return <BlogPostItem {...props} />;
  return (
    <div data-pagefind-body="" data-pagefind-meta="section:Blog" data-pagefind-filter="kind:blog">
      {/* Pagefind reads one metadata field per attribute: the kind needs an element of its own. */}
      <div data-pagefind-meta="kind:blog">
        <BlogPostItem {...props} />
      </div>
    </div>
  );
}
