// The docs plugin's page component (`docItemComponent`), in place of
// docusaurus-theme-openapi-docs 5.2.0 ApiItem (not installed), which wraps every
// docs page in the plugin's Redux store, code generators and explorer (megabytes
// of JavaScript, also on plain Markdown pages). Our generated pages render
// themselves from build-time data (src/components/OperationPage), so the page
// type only needs the classic DocItem.
import type {ReactNode} from 'react';
import DocItem from '@theme/DocItem';
import type {Props} from '@theme/DocItem';

export default function ApiItem(props: Props): ReactNode {
  return <DocItem {...props} />;
}
