import type {MouseEvent, ReactNode} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import DropdownNavbarItem from '@theme/NavbarItem/DropdownNavbarItem';
import type {Props as DropdownProps} from '@theme/NavbarItem/DropdownNavbarItem';

import type {ApiVersionInfo} from '../../plugins/api-versions/version-types';
import {switchTarget, versionOfPath} from './switch-target';
import {loadVersionPages, useApiVersions, usePreferredVersion} from './use-api-versions';
import {versionItemLabel} from './version-label';

type Props = Omit<DropdownProps, 'items' | 'label'>;

/**
 * The navbar's API version dropdown (navbar item `custom-apiVersionDropdown`),
 * behaving like the docs plugin's `docsVersionDropdown`: it shows the version
 * being read (elsewhere the remembered one), and switching keeps the reader's
 * place: the same operation, tag or schema in the chosen version, else its
 * overview with a note saying why (src/components/ApiVersions/switch-target.ts).
 */
export default function ApiVersionDropdown({mobile, ...props}: Props): ReactNode {
  const data = useApiVersions();
  const {pathname} = useLocation();
  const history = useHistory();
  const [preferred, savePreferred] = usePreferredVersion(data);
  if (!data || data.versions.length < 2) return null;
  const reading = versionOfPath(data.versions, pathname);
  const displayed = reading ?? data.versions.find((version) => version.name === preferred) ?? data.versions[0];
  const choose = (version: ApiVersionInfo) => (event: MouseEvent) => {
    // The link's own target (the overview) is where a reader without JavaScript goes.
    event.preventDefault();
    savePreferred(version.name);
    loadVersionPages(data.pagesUrl).then(
      (file) => {
        const target = switchTarget(file, data.versions, pathname, version.name);
        history.push(target.path, target.note ? {apiVersionNote: target.note} : undefined);
      },
      () => history.push(version.overviewPath),
    );
  };
  const items = data.versions.map((version) => ({
    label: versionItemLabel(version),
    to: version.overviewPath,
    isActive: () => version.name === reading?.name,
    onClick: choose(version),
    'data-api-version': version.name,
  }));
  return (
    <DropdownNavbarItem
      {...props}
      mobile={mobile}
      label={mobile ? 'API versions' : (displayed.label ?? `v${displayed.name}`)}
      items={items}
      onMouseEnter={() => void loadVersionPages(data.pagesUrl).catch(() => undefined)}
    />
  );
}
