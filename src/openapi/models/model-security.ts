import {renderMarkdown, type SpecTextOptions} from './markdown';
import {wellFormed} from '../../spec-reader/well-formed';
import {safeUrl} from './model-urls';
import {asString, isObject, type JsonObject, type SpecDocument} from '../../spec-reader/spec-document';
import type {LinkContext} from '../links/spec-links';
import type {OAuthFlowModel, SecurityRequirementModel, SecuritySchemeModel} from './model-types';

/** How operations are authorised: the requirements an operation page lists,
 * and the schemes the overview describes and the Authorize panel offers. */

function securitySchemeKind(scheme: JsonObject): string {
  const type = asString(scheme.type) ?? 'unknown';
  if (type === 'http') return `http ${asString(scheme.scheme) ?? ''}`.trim();
  if (type === 'apiKey') return `apiKey (${asString(scheme.in) ?? 'header'} ${asString(scheme.name) ?? ''})`.trim();
  return type;
}

export function securityModels(spec: SpecDocument, requirements: unknown, links: LinkContext | undefined): SecurityRequirementModel[][] {
  if (!Array.isArray(requirements)) return [];
  const schemes = spec.securitySchemes();
  return requirements.filter(isObject).map((requirement) =>
    Object.entries(requirement).map(([key, scopes]) => {
      const scheme = schemes.get(key) ?? {};
      const model: SecurityRequirementModel = {
        scheme: wellFormed(key),
        kind: wellFormed(securitySchemeKind(scheme)),
        scopes: Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string').map(wellFormed) : [],
      };
      const description = renderMarkdown(scheme.description, {topHeadingLevel: 5, links});
      if (description) model.description = description;
      if (scheme.deprecated === true) model.deprecated = true;
      return model;
    }),
  );
}

export function securitySchemeModels(spec: SpecDocument, {withDescriptions = true, links}: {withDescriptions?: boolean} & SpecTextOptions = {}): SecuritySchemeModel[] {
  return [...spec.securitySchemes()].map(([key, scheme]) => {
    const flows = isObject(scheme.flows) ? scheme.flows : {};
    const model: SecuritySchemeModel = {
      key: wellFormed(key),
      kind: wellFormed(securitySchemeKind(scheme)),
      type: wellFormed(asString(scheme.type) ?? 'unknown'),
      flows: Object.entries(flows).filter(([, flow]) => isObject(flow)).map(([type, rawFlow]) => {
        const flow = rawFlow as JsonObject;
        const scopes = isObject(flow.scopes) ? flow.scopes : {};
        const model: OAuthFlowModel = {
          type: wellFormed(type),
          scopes: Object.entries(scopes).map(([name, description]) => ({name: wellFormed(name), description: wellFormed(String(description ?? ''))})),
        };
        for (const field of ['tokenUrl', 'authorizationUrl', 'refreshUrl', 'deviceAuthorizationUrl'] as const) {
          const url = safeUrl(flow[field]);
          if (url) model[field] = url;
        }
        return model;
      }),
    };
    const location = asString(scheme.in);
    if (model.type === 'apiKey' && (location === 'header' || location === 'query' || location === 'cookie')) model.in = location;
    const name = asString(scheme.name);
    if (model.type === 'apiKey' && name) model.name = wellFormed(name);
    const httpScheme = asString(scheme.scheme);
    if (model.type === 'http' && httpScheme) model.scheme = wellFormed(httpScheme.toLowerCase());
    const bearerFormat = asString(scheme.bearerFormat);
    if (model.type === 'http' && bearerFormat) model.bearerFormat = wellFormed(bearerFormat);
    const discovery = safeUrl(scheme.openIdConnectUrl);
    if (model.type === 'openIdConnect' && discovery) model.openIdConnectUrl = discovery;
    const metadata = safeUrl(scheme.oauth2MetadataUrl);
    if (model.type === 'oauth2' && metadata) model.oauth2MetadataUrl = metadata;
    if (scheme.deprecated === true) model.deprecated = true;
    if (withDescriptions) {
      const description = renderMarkdown(scheme.description, {topHeadingLevel: 4, links});
      if (description) model.description = description;
    }
    return model;
  });
}

const authSchemesBySpec = new WeakMap<SpecDocument, SecuritySchemeModel[]>();

/** The security schemes each operation page carries for the Authorize panel: one list per spec. */
export function authSchemes(spec: SpecDocument): SecuritySchemeModel[] {
  let schemes = authSchemesBySpec.get(spec);
  if (!schemes) {
    schemes = securitySchemeModels(spec, {withDescriptions: false});
    authSchemesBySpec.set(spec, schemes);
  }
  return schemes;
}
