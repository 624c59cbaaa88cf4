import type {ReactNode} from 'react';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import RichText from '@site/src/components/RichText';
import HydrateOnDemand from '@site/src/components/HydrateOnDemand';
import ApiVersionNote from '@site/src/components/ApiVersionNote';
import SpecDownloads from '@site/src/components/SpecDownloads';
import {useCurrentApi} from '@site/src/components/ApiCatalog/use-current-api';
import AuthorizeButton from './AuthorizeButton';
import type {OverviewPageModel} from '@site/src/openapi/models/model-types';
import {pageModelOf} from '@site/src/plugins/page-data/client/page-model';
import styles from './styles.module.css';

/** One part of the overview: a second-level heading (a table-of-contents entry) and its content. */
function Section({id, title, children}: {id: string; title: string; children: ReactNode}): ReactNode {
  return (
    <section>
      <Heading as="h2" id={id}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** On a site of several APIs (src/apis/), where each API's own changelog is: every overview links the changelog of its API. */
function ChangelogLink(): ReactNode {
  const api = useCurrentApi();
  if (!api) return null;
  return (
    <p className={styles.changelogLink}>
      What changed in each version: <Link to={api.changelogPath}>{api.label} changelog</Link>
    </p>
  );
}

/** The overview page generated from the spec's `info`: guide, servers, auth, resources. */
export default function OverviewPage(props: {page: OverviewPageModel}): ReactNode {
  const page = pageModelOf(props.page);
  return (
    <div className={styles.overview}>
      <header>
        <Heading as="h1">{page.title}</Heading>
        {page.version ? (
          <p className={styles.version}>
            Version <code>{page.version}</code>
          </p>
        ) : null}
        <ApiVersionNote />
        <SpecDownloads />
        <ChangelogLink />
      </header>
      <HydrateOnDemand>
        <RichText value={page.description} />
        {page.servers.length > 0 ? (
          <Section id="servers" title="Servers">
            <ul>
              {page.servers.map((server) => (
                <li key={server.url}>
                  <code>{server.url}</code>
                  {server.description ? <> — {server.description}</> : null}
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
        {page.securitySchemes.length > 0 ? (
          <Section id="authentication-schemes" title="Authentication schemes">
            <p className={styles.authorize}>
              Fill in your credentials once for every operation&apos;s API explorer, for this browsing session:{' '}
              <AuthorizeButton servers={page.servers} schemes={page.securitySchemes} />
            </p>
            {page.securitySchemes.map((scheme) => (
              <div key={scheme.key} className={styles.scheme}>
                <Heading as="h3" id={`scheme-${scheme.key.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`}>
                  <code>{scheme.key}</code> <span className={styles.kind}>{scheme.kind}</span>
                  {scheme.deprecated ? <span className={styles.kind}> (deprecated)</span> : null}
                </Heading>
                <RichText value={scheme.description} />
                {scheme.flows.map((flow) => (
                  <div key={flow.type}>
                    <p>
                      Flow <code>{flow.type}</code>
                      {flow.tokenUrl ? <>, token URL <code>{flow.tokenUrl}</code></> : null}
                      {flow.authorizationUrl ? <>, authorization URL <code>{flow.authorizationUrl}</code></> : null}
                      {flow.deviceAuthorizationUrl ? <>, device authorization URL <code>{flow.deviceAuthorizationUrl}</code></> : null}
                    </p>
                    {flow.scopes.length > 0 ? (
                      <div className={styles.tableScroll}>
                        <table>
                          <thead>
                            <tr>
                              <th scope="col">Scope</th>
                              <th scope="col">Grants</th>
                            </tr>
                          </thead>
                          <tbody>
                            {flow.scopes.map((scope) => (
                              <tr key={scope.name}>
                                <td><code>{scope.name}</code></td>
                                <td>{scope.description}</td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </div>
                    ) : null}
                  </div>
                ))}
              </div>
            ))}
          </Section>
        ) : null}
        {page.tags.length > 0 ? (
          <Section id="resources" title="Resources">
            <ul>
              {page.tags.map((tag) => (
                <li key={tag.name}>
                  <Link to={tag.permalink}>{tag.name}</Link> ({tag.operationCount}){tag.summary ? <>: {tag.summary}</> : null}
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
        {page.schemas ? (
          <Section id="schemas" title="Schemas">
            <p>
              <Link to={page.schemas.permalink}>All {page.schemas.count} schemas</Link>: every data model of the API, with its fields,
              examples and the operations that use it.
            </p>
          </Section>
        ) : null}
        {page.contact || page.license || page.termsOfService ? (
          <Section id="contact-and-licence" title="Contact and licence">
            <ul>
              {page.contact ? (
                <li>
                  Contact: {page.contact.name ?? 'API team'}
                  {page.contact.email ? <> — <a href={`mailto:${page.contact.email}`}>{page.contact.email}</a></> : null}
                  {page.contact.url ? <> — <a href={page.contact.url} rel="noopener noreferrer">{page.contact.url}</a></> : null}
                </li>
              ) : null}
              {page.license ? (
                <li>
                  Licence: {page.license.url ? <a href={page.license.url} rel="noopener noreferrer">{page.license.name}</a> : page.license.name}
                </li>
              ) : null}
              {page.termsOfService ? (
                <li>
                  <a href={page.termsOfService} rel="noopener noreferrer">Terms of service</a>
                </li>
              ) : null}
            </ul>
          </Section>
        ) : null}
      </HydrateOnDemand>
    </div>
  );
}
