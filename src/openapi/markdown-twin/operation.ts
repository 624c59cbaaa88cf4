/**
 * The Markdown twin of an operation (or webhook) page: method and path,
 * authentication, parameters, request body, responses, callbacks and a code
 * sample, worded as on the page.
 */
import type {RootContent} from 'mdast';

import type {
  CodeSample,
  HeaderModel,
  OperationPageModel,
  ParameterLocation,
  ParameterModel,
  ResponseModel,
  SecurityRequirementModel,
} from '../models/model-types';
import {ownValue} from '../../spec-reader/own-keys';
import {richTextBlocks} from './hast';
import {cellText, constraintsSentence, displayValue, referenceNote, schemaConstraints, sentences, unresolvedNote, type MarkdownOptions} from './fields';
import {renderMediaTypes, type SeenTables} from './media';
import {bulletList, code, codeBlock, heading, joined, paragraph, strong, table, type Inline} from './mdast';
import {serialize} from './serialize';

export interface OperationMarkdownOptions {
  /** Absolute URL of the site, e.g. `https://developer.meridian.example`. */
  siteUrl: string;
  /** Which code samples to include: only cURL (default, keeps llms-full.txt small) or every language. */
  codeSamples?: 'curl' | 'all';
}

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No Content', '301': 'Moved Permanently',
  '302': 'Found', '304': 'Not Modified', '400': 'Bad Request', '401': 'Unauthorized', '403': 'Forbidden',
  '404': 'Not Found', '405': 'Method Not Allowed', '406': 'Not Acceptable', '409': 'Conflict', '410': 'Gone',
  '412': 'Precondition Failed', '413': 'Content Too Large', '415': 'Unsupported Media Type',
  '422': 'Unprocessable Content', '428': 'Precondition Required', '429': 'Too Many Requests',
  '500': 'Internal Server Error', '502': 'Bad Gateway', '503': 'Service Unavailable', '504': 'Gateway Timeout',
  '1XX': 'Informational', '2XX': 'Success', '3XX': 'Redirection', '4XX': 'Client error', '5XX': 'Server error',
  default: 'Any other status',
};

const LOCATION_TITLES: Record<ParameterLocation, string> = {
  path: 'Path parameters',
  query: 'Query parameters',
  querystring: 'Query string',
  header: 'Header parameters',
  cookie: 'Cookie parameters',
};

function renderParameters(parameters: ParameterModel[], unresolved: string[], options: MarkdownOptions): RootContent[] {
  if (parameters.length === 0 && unresolved.length === 0) return [];
  const blocks: RootContent[] = [heading(2, 'Parameters')];
  for (const location of Object.keys(LOCATION_TITLES) as ParameterLocation[]) {
    const inLocation = parameters.filter((parameter) => parameter.in === location);
    if (inLocation.length === 0) continue;
    blocks.push(
      heading(3, LOCATION_TITLES[location]),
      table(
        ['Name', 'Type', 'Required', 'Description', 'Example'],
        inLocation.map((parameter) => {
          const constraints = schemaConstraints(parameter.schema).filter((phrase) => !(phrase.length === 1 && phrase[0] === 'deprecated'));
          const example = parameter.example ?? parameter.schema.example;
          return [
            [code(parameter.name)],
            [code(parameter.schema.typeLabel || 'any')],
            [parameter.required ? 'Yes' : 'No'],
            sentences(
              parameter.deprecated || parameter.schema.deprecated ? [strong('Deprecated.')] : [],
              parameter.undeclared ? ['Not declared in the description.'] : [],
              referenceNote(parameter.schema),
              cellText(parameter.description ?? parameter.schema.description, options),
              parameter.in === 'querystring' ? ['The whole query string', ...(parameter.mediaType ? [', serialized as ', code(parameter.mediaType)] : []), '.'] : [],
              parameter.mediaType && parameter.in !== 'querystring' ? ['Serialized as ', code(parameter.mediaType), '.'] : [],
              constraintsSentence(constraints),
            ),
            example !== undefined ? [displayValue(example)] : [],
          ];
        }),
      ),
    );
  }
  if (unresolved.length > 0) {
    blocks.push(
      heading(3, 'Unresolved parameters'),
      paragraph('These parameter references do not resolve within the API description, so their names and locations are unknown:'),
      bulletList(unresolved.map((reference) => [code(reference)])),
    );
  }
  return blocks;
}

function describeRequirement({scheme, kind, scopes, deprecated}: SecurityRequirementModel): Inline[] {
  const scopeText: Inline[] = scopes.length ? [', scopes ', ...joined(scopes.map((scope) => [code(scope)]), ', ')] : [];
  return [code(scheme), ` (${kind}${deprecated ? ', deprecated' : ''})`, ...scopeText];
}

function renderSecurity(security: SecurityRequirementModel[][]): RootContent[] {
  const title = heading(2, 'Authentication');
  if (security.length === 0) return [title, paragraph('No authentication.')];
  const alternatives = security.map((requirements) =>
    requirements.length === 0 ? ['No authentication'] : joined(requirements.map(describeRequirement), ' and '),
  );
  if (alternatives.length === 1) return [title, paragraph(...alternatives[0], '.')];
  return [title, paragraph('Any one of:'), bulletList(alternatives)];
}

function renderHeaders(headers: HeaderModel[], options: MarkdownOptions): RootContent {
  return table(
    ['Name', 'Type', 'Required', 'Description'],
    headers.map((header) => [
      [code(header.name)],
      [code(header.schema.typeLabel || 'any')],
      [header.required ? 'Yes' : 'No'],
      sentences(cellText(header.description ?? header.schema.description, options), constraintsSentence(schemaConstraints(header.schema))),
    ]),
  );
}

function renderResponses(responses: ResponseModel[], options: MarkdownOptions): RootContent[] {
  const title = heading(2, 'Responses');
  if (responses.length === 0) return [title, paragraph('The API description lists no responses for this operation.')];
  const tables: SeenTables['tables'] = new Map();
  return [
    title,
    ...responses.flatMap((response) => {
      const statusText = ownValue(STATUS_TEXT, response.status.toUpperCase() === 'DEFAULT' ? 'default' : response.status.toUpperCase());
      return [
        heading(3, `${response.status}${response.summary ? ` ${response.summary}` : statusText ? ` ${statusText}` : ''}`),
        ...(response.unresolvedRef ? [paragraph(...unresolvedNote(response.unresolvedRef, 'this response'))] : []),
        ...richTextBlocks(response.description, options),
        ...(response.headers.length ? [heading(4, 'Headers'), renderHeaders(response.headers, options)] : []),
        ...renderMediaTypes(response.content, 'response', 4, options, {tables, here: ['the ', code(response.status), ' response']}),
      ];
    }),
  ];
}

function renderCallbacks(page: OperationPageModel, options: MarkdownOptions): RootContent[] {
  if (page.callbacks.length === 0) return [];
  const blocks: RootContent[] = [
    heading(2, 'Callbacks'),
    bulletList(
      page.callbacks.map(({name, expression, method, summary}) => [
        code(name),
        ': ',
        code(`${method.toUpperCase()} ${expression}`),
        ...(summary ? [`: ${summary}`] : []),
      ]),
    ),
  ];
  for (const callback of page.callbacks) {
    blocks.push(
      heading(3, callback.summary ?? callback.name),
      paragraph(code(`${callback.method.toUpperCase()} ${callback.expression}`)),
      ...richTextBlocks(callback.description, options),
    );
    if (callback.parameters.length > 0) {
      const parameters = callback.parameters.map((parameter) => ({...parameter, description: parameter.description ?? parameter.schema.description}));
      blocks.push(heading(4, 'Headers and parameters'), renderHeaders(parameters, options));
    }
    if (callback.requestBody) blocks.push(heading(4, 'Payload'), ...renderMediaTypes(callback.requestBody.content, 'request', 5, options));
    if (callback.responses.length > 0) {
      blocks.push(
        heading(4, 'Responses your server should return'),
        bulletList(callback.responses.map((response) => {
          const description = cellText(response.description, options);
          return [code(response.status), ...(description.length > 0 ? [': ', ...description] : [])];
        })),
      );
    }
  }
  return blocks;
}

function renderCodeSamples(samples: CodeSample[], which: 'curl' | 'all'): RootContent[] {
  const chosen = which === 'all' ? samples : samples.filter((sample) => sample.id === 'curl').slice(0, 1);
  const shown = chosen.length > 0 ? chosen : samples.slice(0, 1);
  if (shown.length === 0) return [];
  return [
    heading(2, shown.length === 1 ? 'Code sample' : 'Code samples'),
    ...shown.flatMap((sample) => [heading(3, sample.label), codeBlock(sample.code, sample.language)]),
  ];
}

function renderRequestBody(page: OperationPageModel, options: MarkdownOptions): RootContent[] {
  if (!page.requestBody) return [];
  const {required, unresolvedRef, description, content} = page.requestBody;
  // The description's first paragraph follows "Required." on its line; further blocks follow it.
  const [first, ...rest] = richTextBlocks(description, options);
  const opening = sentences(
    [required ? 'Required.' : 'Optional.'],
    unresolvedRef ? unresolvedNote(unresolvedRef, 'the request body') : [],
    first?.type === 'paragraph' ? first.children : [],
  );
  return [
    heading(2, 'Request body'),
    paragraph(...opening),
    ...(first && first.type !== 'paragraph' ? [first] : []),
    ...rest,
    ...renderMediaTypes(content, 'request', 3, options),
  ];
}

/** The Markdown twin of an operation page. */
export function operationToMarkdown(page: OperationPageModel, options: OperationMarkdownOptions): string {
  const markdownOptions: MarkdownOptions = {siteUrl: options.siteUrl, ...(page.schemaLinks ? {schemaLinks: page.schemaLinks} : {})};
  const methodAndPath = `${page.method.toUpperCase()} ${page.path}`;
  const blocks: RootContent[] = [heading(1, page.summary || methodAndPath), paragraph(code(methodAndPath))];
  if (page.deprecated) {
    blocks.push({
      type: 'blockquote',
      children: [paragraph(strong('Deprecated.'), ' This operation will be removed in a future version; avoid it in new code.')],
    });
  }
  blocks.push(...richTextBlocks(page.description, markdownOptions));
  if (page.servers.length > 0) {
    blocks.push(
      heading(2, 'Base URLs'),
      bulletList(page.servers.map(({url, description}) => [code(url), ...(description ? [`: ${description}`] : [])])),
    );
  }
  blocks.push(
    ...renderSecurity(page.security),
    ...renderParameters(page.parameters, page.unresolvedParameters ?? [], markdownOptions),
    ...renderRequestBody(page, markdownOptions),
    ...renderResponses(page.responses, markdownOptions),
    ...renderCallbacks(page, markdownOptions),
    ...renderCodeSamples(page.codeSamples, options.codeSamples ?? 'curl'),
  );
  return serialize({type: 'root', children: blocks});
}
