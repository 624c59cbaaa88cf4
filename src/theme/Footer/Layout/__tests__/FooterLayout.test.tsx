import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it, vi} from 'vitest';
import HydrateOnDemand from '../../../../components/HydrateOnDemand';
import FooterLayout from '../index';

// Docusaurus's theme-common needs the site's client aliases; the class name is its ThemeClassNames value.
vi.mock('@docusaurus/theme-common', () => ({ThemeClassNames: {layout: {footer: {container: 'theme-layout-footer'}}}}));
vi.mock('@site/src/client/hydration-state', () => ({isFirstPageHydrated: () => false}));

const parts = {
  links: <ul className="footer__items"><li>Docs</li></ul>,
  logo: <span className="footer__logo">Meridian</span>,
  copyright: <div className="footer__copyright">© Meridian</div>,
};

describe('Footer/Layout', () => {
  // The classic theme's markup (3.10.2 Footer/Layout, whose lib file is JSX
  // that Vitest does not compile); the build's HTML is compared too.
  it('renders on the server the classic footer, in each style and with parts left out', () => {
    const inner = '<ul class="footer__items"><li>Docs</li></ul><div class="footer__bottom text--center"><div class="margin-bottom--sm"><span class="footer__logo">Meridian</span></div><div class="footer__copyright">© Meridian</div></div>';
    expect(renderToStaticMarkup(<FooterLayout style="dark" {...parts} />)).toBe(
      `<footer class="theme-layout-footer footer footer--dark"><div class="container container-fluid">${inner}</div></footer>`,
    );
    expect(renderToStaticMarkup(<FooterLayout style="light" {...parts} />)).toBe(
      `<footer class="theme-layout-footer footer"><div class="container container-fluid">${inner}</div></footer>`,
    );
    expect(renderToStaticMarkup(<FooterLayout style="dark" links={parts.links} logo={undefined} copyright={undefined} />)).toBe(
      '<footer class="theme-layout-footer footer footer--dark"><div class="container container-fluid"><ul class="footer__items"><li>Docs</li></ul></div></footer>',
    );
  });
});

describe('HydrateOnDemand', () => {
  it('renders its children on the server inside the element it is given, with no wrapper of its own', () => {
    expect(renderToStaticMarkup(<HydrateOnDemand as="footer" className="footer"><p>A</p></HydrateOnDemand>)).toBe(
      '<footer class="footer"><p>A</p></footer>',
    );
    expect(renderToStaticMarkup(<HydrateOnDemand aria-label="Examples"><p>x</p></HydrateOnDemand>)).toBe('<div aria-label="Examples"><p>x</p></div>');
  });
});
