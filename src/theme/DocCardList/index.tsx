import React, {type ReactNode} from 'react';
import DocCardList from '@theme-original/DocCardList';
import type DocCardListType from '@theme/DocCardList';
import type {WrapperProps} from '@docusaurus/types';

import {withNameGroupsOpened} from '@site/src/openapi/generation/name-groups';

type Props = WrapperProps<typeof DocCardListType>;

/**
 * An index page lists the pages of a large Schemas or Webhooks category, not
 * the groups of names the sidebar shows them in: a card per group would link
 * only its first page. Without `items` (the current category's siblings) the
 * classic list is used as it is.
 */
export default function DocCardListWrapper(props: Props): ReactNode {
  return <DocCardList {...props} items={props.items && withNameGroupsOpened(props.items)} />;
}
