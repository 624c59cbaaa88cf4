import type {ReactNode} from 'react';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import CodeBlock from '@theme/CodeBlock';
import SchemaView from '@site/src/components/SchemaView';
import RichText from '@site/src/components/RichText';
import {bodyAnchor} from '@site/src/openapi/links/field-anchors';
import {streamFramingText, streamItemName} from '@site/src/openapi/models/model-text';
import type {ExampleModel, MediaTypeModel} from '@site/src/openapi/models/model-types';
import styles from './styles.module.css';

function languageOf(mediaType: string): string {
  if (/json/i.test(mediaType)) return 'json';
  if (/xml/i.test(mediaType)) return 'xml';
  if (/yaml/i.test(mediaType)) return 'yaml';
  return 'text';
}

/** Named examples of one media type; tabs when there are several. */
export function Examples({examples, mediaType, title}: {examples: ExampleModel[]; mediaType: string; title: string}): ReactNode {
  if (examples.length === 0) return null;
  const renderExample = (example: ExampleModel) => (
    <>
      {example.summary ? <p className={styles.exampleSummary}>{example.summary}</p> : null}
      <RichText value={example.description} className={styles.exampleSummary} />
      <CodeBlock language={languageOf(mediaType)} title={example.generated ? `${title} (generated from the schema)` : title}>
        {example.value}
      </CodeBlock>
    </>
  );
  if (examples.length === 1) return <div className={styles.examples}>{renderExample(examples[0])}</div>;
  return (
    <div className={styles.examples}>
      <Tabs className={styles.exampleTabs}>
        {examples.map((example, index) => (
          <TabItem key={example.name} value={`${index}-${example.name}`} label={example.summary ?? example.name}>
            {renderExample(example)}
          </TabItem>
        ))}
      </Tabs>
    </div>
  );
}

interface MediaTypesProps {
  content: MediaTypeModel[];
  /** Show each media type's examples under its schema (callbacks; operations show theirs in the aside). */
  showExamples?: boolean;
  exampleTitle?: string;
  /** URL query parameter that keeps the chosen content type (see src/hooks/useRequestContentType). */
  queryString?: string;
  /** Which body this is, for its fields' ids (field-anchors.ts). */
  body?: {kind: 'request'} | {kind: 'response'; status: string};
  /** Put before every field id (a callback's body: `callback-0-`). */
  idPrefix?: string;
}

/** The schema of each media type, with content-type tabs when there are several. */
export function MediaTypes({content, showExamples = false, exampleTitle = '', queryString, body, idPrefix = ''}: MediaTypesProps): ReactNode {
  if (content.length === 0) return null;
  const renderMedia = (media: MediaTypeModel) => {
    const index = content.indexOf(media);
    const anchor = body ? `${idPrefix}${bodyAnchor(body, media.mediaType, index)}` : undefined;
    // The operation's request body heading already has the id `request-body`.
    const rootId = anchor !== undefined && !(body?.kind === 'request' && index === 0 && idPrefix === '') ? anchor : undefined;
    return (
    <>
      {media.stream && media.schema ? (
        <p className={styles.streamNote}>
          Stream of <code>{streamItemName(media.schema)}</code>: {streamFramingText(media.stream)}. Each item:
        </p>
      ) : null}
      {media.schema ? <SchemaView node={media.schema} anchor={anchor} rootId={rootId} /> : null}
      {showExamples ? <Examples examples={media.examples} mediaType={media.mediaType} title={exampleTitle} /> : null}
    </>
    );
  };
  if (content.length === 1) {
    return (
      <div>
        <p className={styles.mediaType}>
          Content type <code>{content[0].mediaType}</code>
        </p>
        {renderMedia(content[0])}
      </div>
    );
  }
  return (
    <Tabs className={styles.mediaTabs} queryString={queryString}>
      {content.map((media) => (
        <TabItem key={media.mediaType} value={media.mediaType} label={media.mediaType}>
          {renderMedia(media)}
        </TabItem>
      ))}
    </Tabs>
  );
}
