import type {ReactNode} from 'react';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import RichText from '@site/src/components/RichText';
import HydrateOnDemand from '@site/src/components/HydrateOnDemand';
import ApiVersionNote from '@site/src/components/ApiVersionNote';
import SpecDownloads from '@site/src/components/SpecDownloads';
import AuthorizeButton from './AuthorizeButton';
import type {OverviewPageModel} from '@site/src/openapi/types';
import styles from './styles.module.css';

/** The overview page generated from the spec's `info`: guide, servers, auth, resources. */
export default function OverviewPage({page}: {page: OverviewPageModel}): ReactNode {
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
      </header>
      <HydrateOnDemand>
        <RichText value={page.description} />
        {page.servers.length > 0 ? (
          <section>
            <Heading as="h2" id="servers">
              Servers
            </Heading>
            <ul>
              {page.servers.map((server) => (
                <li key={server.url}>
                  <code>{server.url}</code>
                  {server.description ? <> — {server.description}</> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {page.securitySchemes.length > 0 ? (
          <section>
            <Heading as="h2" id="authentication-schemes">
              Authentication schemes
            </Heading>
            <p className={styles.authorize}>
              Fill in your credentials once for every operation&apos;s API explorer, for this browsing session:{' '}
              <AuthorizeButton servers={page.servers} schemes={page.securitySchemes} />
            </p>
            {page.securitySchemes.map((scheme) => (
              <div key={scheme.key} className={styles.scheme}>
                <Heading as="h3" id={`scheme-${scheme.key.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`}>
                  <code>{scheme.key}</code> <span className={styles.kind}>{scheme.kind}</span>
                </Heading>
                <RichText value={scheme.description} />
                {scheme.flows.map((flow) => (
                  <div key={flow.type}>
                    <p>
                      Flow <code>{flow.type}</code>
                      {flow.tokenUrl ? <>, token URL <code>{flow.tokenUrl}</code></> : null}
                      {flow.authorizationUrl ? <>, authorization URL <code>{flow.authorizationUrl}</code></> : null}
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
          </section>
        ) : null}
        {page.tags.length > 0 ? (
          <section>
            <Heading as="h2" id="resources">
              Resources
            </Heading>
            <ul>
              {page.tags.map((tag) => (
                <li key={tag.name}>
                  <Link to={tag.permalink}>{tag.name}</Link> ({tag.operationCount}){tag.summary ? <>: {tag.summary}</> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {page.schemas ? (
          <section>
            <Heading as="h2" id="schemas">
              Schemas
            </Heading>
            <p>
              <Link to={page.schemas.permalink}>All {page.schemas.count} schemas</Link>: every data model of the API, with its fields,
              examples and the operations that use it.
            </p>
          </section>
        ) : null}
        {page.contact || page.license || page.termsOfService ? (
          <section>
            <Heading as="h2" id="contact-and-licence">
              Contact and licence
            </Heading>
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
          </section>
        ) : null}
      </HydrateOnDemand>
    </div>
  );
}
