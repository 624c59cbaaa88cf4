import type {ReactNode} from 'react';
import SearchBox from '@site/src/components/SiteSearch/SearchBox';

/** The navbar's search (the classic theme shows `@theme/SearchBar` in the navbar when one exists): the Pagefind combobox. */
export default function SearchBar(): ReactNode {
  return <SearchBox />;
}
