import type {OperationPageModel} from '@site/src/openapi/models/model-types';
import type {ExplorerFormPart} from './multipart-fields';
import {validateAgainstSchema, type ValidationProblem} from './validate';
import {checkAccess, describedError, respondAsTokenEndpoint, tokenEndpointOf} from './sandbox-auth';

export interface ExplorerRequest {
  method: string;
  /** Path with parameters filled in, e.g. `/v1/contacts/ct_123`. */
  path: string;
  pathParameters: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Cookies the request carries (an API key in a cookie). */
  cookies?: Record<string, string>;
  contentType?: string;
  body?: string;
  /** A multipart body's parts, sent as FormData. */
  form?: ExplorerFormPart[];
}

export interface ExplorerResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
  durationMs: number;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content', 400: 'Bad Request', 422: 'Unprocessable Content',
};

function problem(status: number, title: string, detail: string, errors: ValidationProblem[]): ExplorerResponse {
  return {
    status,
    statusText: STATUS_TEXT[status] ?? title,
    headers: {'content-type': 'application/problem+json'},
    body: JSON.stringify({type: 'about:blank', title, status, detail, errors}, null, 2),
    durationMs: 0,
  };
}

/**
 * The sandbox: answers in the browser from the spec, with no backend. It
 * checks credentials first, as the API would (see ./sandbox-auth; the
 * operation that is the description's token URL issues sandbox tokens).
 * Missing parameters and bodies that do not match the schema get
 * problem+json errors; valid requests get the first success example.
 */
export function respondFromSandbox(page: OperationPageModel, request: ExplorerRequest): ExplorerResponse {
  const tokenFlow = tokenEndpointOf(page);
  if (tokenFlow) return respondAsTokenEndpoint({flow: tokenFlow, responses: page.responses}, request);
  const access = checkAccess(page, request);
  if (!access.allowed) {
    const denied = describedError(page.responses, access.status, access.detail, {}, request.path);
    if (access.challenge) denied.headers['www-authenticate'] = access.challenge;
    return denied;
  }
  const missing: ValidationProblem[] = [];
  for (const parameter of page.parameters) {
    if (!parameter.required) continue;
    if (parameter.in === 'querystring') {
      if (Object.keys(request.query).length === 0) missing.push({pointer: `querystring/${parameter.name}`, detail: `The query string "${parameter.name}" is required.`});
      continue;
    }
    const source = parameter.in === 'path' ? request.pathParameters : parameter.in === 'query' ? request.query : parameter.in === 'header' ? request.headers : {};
    const value = Object.entries(source).find(([name]) => (parameter.in === 'header' ? name.toLowerCase() === parameter.name.toLowerCase() : name === parameter.name))?.[1];
    if (value === undefined || value === '') {
      missing.push({pointer: `${parameter.in}/${parameter.name}`, detail: `The ${parameter.in} parameter "${parameter.name}" is required.`});
    }
  }
  if (missing.length > 0) return problem(400, 'Bad Request', `${missing.length} required parameter(s) missing.`, missing);

  const bodyModel = page.requestBody;
  if (bodyModel && request.form) {
    const media = bodyModel.content.find((candidate) => candidate.mediaType === request.contentType) ?? bodyModel.content[0];
    const sent = new Set(request.form.filter((part) => part.value !== '').map((part) => part.name));
    const missingParts = (media?.schema?.properties ?? [])
      .filter((property) => property.required && property.name !== undefined && !sent.has(property.name))
      .map((property) => ({pointer: `/${property.name!.replace(/~/g, '~0').replace(/\//g, '~1')}`, detail: `The form field "${property.name}" is required.`}));
    if (missingParts.length > 0) return problem(400, 'Bad Request', `${missingParts.length} required form field(s) missing.`, missingParts);
  } else if (bodyModel) {
    const body = request.body?.trim() ?? '';
    if (body === '') {
      if (bodyModel.required) return problem(400, 'Bad Request', 'This operation needs a request body.', []);
    } else {
      const media = bodyModel.content.find((candidate) => candidate.mediaType === request.contentType) ?? bodyModel.content[0];
      if (media && !media.stream && /json/i.test(media.mediaType)) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch (error) {
          return problem(400, 'Bad Request', `The request body is not valid JSON: ${(error as Error).message}`, []);
        }
        const problems = media.schema ? validateAgainstSchema(parsed, media.schema) : [];
        if (problems.length > 0) {
          return problem(422, 'Unprocessable Content', `The request body does not match the schema: ${problems.length} problem(s).`, problems);
        }
      }
    }
  }

  const success = page.responses.find((response) => /^2/.test(response.status)) ?? page.responses.find((response) => response.status === 'default');
  const status = success && /^\d{3}$/.test(success.status) ? Number(success.status) : 200;
  const media = success?.content[0];
  const example = media?.examples[0];
  return {
    status,
    statusText: STATUS_TEXT[status] ?? 'OK',
    headers: media ? {'content-type': media.mediaType} : {},
    body: example?.value ?? '',
    durationMs: 0,
  };
}
