import type {ReactNode} from 'react';
import Heading from '@theme/Heading';
import RichText from '@site/src/components/RichText';
import {callbackAnchorPrefix} from '@site/src/openapi/links/field-anchors';
import type {CallbackModel} from '@site/src/openapi/models/model-types';
import MethodBadge from './MethodBadge';
import Parameters from './Parameters';
import {MediaTypes} from './Bodies';
import ResponseDetails from './ResponseDetails';
import styles from './styles.module.css';

/**
 * The requests the API sends back to the caller (`callbacks`): for each, the
 * headers and payload the reader's server receives and the answers it should
 * give, with field ids of their own (`callback-0-request-body.event`).
 */
export default function Callbacks({callbacks}: {callbacks: CallbackModel[]}): ReactNode {
  if (callbacks.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="callbacks">
      <Heading as="h2" id="callbacks">
        Callbacks
      </Heading>
      <p>The API sends these requests to your server; the URL comes from the expression, evaluated on the request or response.</p>
      {callbacks.map((callback, index) => {
        const prefix = callbackAnchorPrefix(index);
        return (
          <section key={`${callback.name}-${callback.method}-${callback.expression}`} className={styles.callback} aria-labelledby={`${prefix}callback`}>
            <Heading as="h3" id={`${prefix}callback`}>
              {callback.summary ?? callback.name}
            </Heading>
            <p>
              <strong>{callback.name}</strong>: <MethodBadge method={callback.method} /> <code>{callback.expression}</code>
            </p>
            <RichText value={callback.description} />
            <Parameters parameters={callback.parameters} idPrefix={prefix} headingLevel={4} />
            {callback.requestBody ? (
              <>
                <Heading as="h4" id={`${prefix}payload`}>
                  Payload{callback.requestBody.required ? <span className={styles.requiredNote}> required</span> : null}
                </Heading>
                <RichText value={callback.requestBody.description} />
                <MediaTypes content={callback.requestBody.content} showExamples exampleTitle="Example payload" body={{kind: 'request'}} idPrefix={prefix} />
              </>
            ) : null}
            <Heading as="h4" id={`${prefix}responses`}>
              Responses your server should return
            </Heading>
            {callback.responses.length === 0 ? <p>The API description lists no responses for this callback.</p> : null}
            {callback.responses.map((response) => (
              <div key={response.status}>
                <p className={styles.callbackStatus}>
                  <code>{response.status}</code>
                </p>
                <ResponseDetails response={response} idPrefix={prefix} headersHeading="h5" />
              </div>
            ))}
          </section>
        );
      })}
    </section>
  );
}
