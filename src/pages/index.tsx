import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import ApiResourceCards from '@site/src/components/ApiResourceCards';
import {useApiResources} from '@site/src/hooks/useApiResources';
import {HOME_CODE_SAMPLE, type HomeLinks} from '@site/config/home';
import styles from './index.module.css';

/**
 * A first call, in a panel drawn like the site's code blocks: plain server
 * HTML, no highlighter or copy button, so the home page loads no code-block
 * JavaScript. Its link leads to the generated samples in every language.
 */
function HeroCodeSample({createContact}: {createContact: string | null}): ReactNode {
  return (
    <figure className={styles.codePanel} aria-labelledby="hero-code-title">
      <figcaption id="hero-code-title" className={styles.codeTitle}>
        {HOME_CODE_SAMPLE.title}
      </figcaption>
      <pre className={styles.code} tabIndex={0}>
        <code>{HOME_CODE_SAMPLE.code}</code>
      </pre>
      {createContact !== null && (
        <p className={styles.codeMore}>
          <Link to={createContact}>The same call in JavaScript, Python and more</Link>
        </p>
      )}
    </figure>
  );
}

function HomepageHero(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {operationCount, resources} = useApiResources();
  // Resolved against the API description at build time (config/home.ts).
  const homeLinks = siteConfig.customFields?.homeLinks as HomeLinks;
  return (
    <header className={styles.hero}>
      <div className={clsx('container', styles.heroGrid)}>
        <div className={styles.heroText}>
        <Heading as="h1" className={styles.title}>
          {siteConfig.title}
        </Heading>
        <p className={styles.tagline}>{siteConfig.tagline}</p>
        <p className={styles.lead}>
          One REST API for contacts, campaigns and the outreach between them: {operationCount}{' '}
          operations across {resources.length} resource groups, each documented with its
          parameters, payloads, errors and examples.
        </p>
        <div className={styles.actions}>
          <Link className={clsx('button button--lg', styles.primaryButton)} to="/docs">
            Read the API documentation
          </Link>
          {homeLinks.accessToken !== null && (
            <Link className={clsx('button button--outline button--lg', styles.secondaryButton)} to={homeLinks.accessToken}>
              Get an access token
            </Link>
          )}
        </div>
        </div>
        <HeroCodeSample createContact={homeLinks.createContact} />
      </div>
    </header>
  );
}

export default function Home(): ReactNode {
  return (
    // No page title: the home page's document title is the product name alone.
    <Layout
      description="Reference for the Meridian REST API: contacts, tags, actions, campaigns, reports, replies and more, with examples for every operation.">
      <HomepageHero />
      <main className={clsx('container', styles.main)}>
        <Heading as="h2">Explore the API by resource</Heading>
        <ApiResourceCards className={styles.cards} overviewCard />
      </main>
    </Layout>
  );
}
