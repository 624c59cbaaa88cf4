import {isObject} from '../spec-reader/spec-document';
import type {Operation} from './operations';
import {RULES, change} from './rules';
import type {Change} from './diff-types';
import {codeList, plural} from './wording';

interface SecurityModel {
  /** A client may call the operation without credentials. */
  anonymous: boolean;
  /** Scopes asked for by each scheme, over all the alternatives that name it. */
  schemes: Map<string, Set<string>>;
}

/**
 * Security requirements are alternatives ("oauth2 with these scopes, or a
 * bearer token"). Comparing them per scheme keeps the rules simple and right
 * for the common shapes; schemes that must be combined (AND) are treated as
 * if each were enough.
 */
function securityModel(security: unknown): SecurityModel {
  const schemes = new Map<string, Set<string>>();
  if (!Array.isArray(security) || security.length === 0) return {anonymous: true, schemes};
  let anonymous = false;
  for (const requirement of security) {
    if (!isObject(requirement) || Object.keys(requirement).length === 0) {
      anonymous = true;
      continue;
    }
    for (const [scheme, scopes] of Object.entries(requirement)) {
      const set = schemes.get(scheme) ?? new Set<string>();
      if (Array.isArray(scopes)) for (const scope of scopes) if (typeof scope === 'string') set.add(scope);
      schemes.set(scheme, set);
    }
  }
  return {anonymous, schemes};
}

export function compareSecurity(before: Operation, after: Operation): Change[] {
  const oldModel = securityModel(before.security);
  const newModel = securityModel(after.security);
  if (oldModel.anonymous && !newModel.anonymous) {
    return [
      change(
        'security-required',
        RULES.securityRequired,
        `Now requires authentication with ${codeList([...newModel.schemes.keys()], 'or')}.`,
      ),
    ];
  }
  if (!oldModel.anonymous && newModel.anonymous) {
    return [change('security-no-longer-required', RULES.securityNoLongerRequired, 'No longer requires authentication.')];
  }
  const changes: Change[] = [];
  for (const scheme of oldModel.schemes.keys()) {
    if (!newModel.schemes.has(scheme)) {
      changes.push(change('security-scheme-removed', RULES.securitySchemeRemoved, `No longer accepts the security scheme \`${scheme}\`.`));
    }
  }
  for (const [scheme, newScopes] of newModel.schemes) {
    const oldScopes = oldModel.schemes.get(scheme);
    if (!oldScopes) {
      changes.push(change('security-scheme-added', RULES.securitySchemeAdded, `Accepts the security scheme \`${scheme}\`.`));
      continue;
    }
    const added = [...newScopes].filter((scope) => !oldScopes.has(scope));
    const removed = [...oldScopes].filter((scope) => !newScopes.has(scope));
    if (added.length > 0) {
      changes.push(
        change(
          'security-scopes-added',
          RULES.securityScopesAdded,
          `Requires the \`${scheme}\` ${plural(added.length, 'scope')} ${codeList(added)}.`,
        ),
      );
    }
    if (removed.length > 0) {
      changes.push(
        change(
          'security-scopes-removed',
          RULES.securityScopesRemoved,
          `No longer requires the \`${scheme}\` ${plural(removed.length, 'scope')} ${codeList(removed)}.`,
        ),
      );
    }
  }
  return changes;
}
