import type {ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import type {Props} from '@theme/Footer/Layout';
import HydrateOnDemand from '@site/src/components/HydrateOnDemand';

/**
 * The classic footer's markup (theme-classic 3.10.2 Footer/Layout), kept as
 * server HTML until the reader points at, touches or focuses it: it never
 * changes, and it was a ninth of what every page hydrated. Its links become
 * client-side links on that first gesture, before the click.
 */
export default function FooterLayout({style, links, logo, copyright}: Props): ReactNode {
  return (
    <HydrateOnDemand
      as="footer"
      className={clsx(ThemeClassNames.layout.footer.container, 'footer', {'footer--dark': style === 'dark'})}>
      <div className="container container-fluid">
        {links}
        {(logo || copyright) && (
          <div className="footer__bottom text--center">
            {logo && <div className="margin-bottom--sm">{logo}</div>}
            {copyright}
          </div>
        )}
      </div>
    </HydrateOnDemand>
  );
}
