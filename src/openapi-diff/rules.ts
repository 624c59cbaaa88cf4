// The rule set: whether each kind of change breaks existing clients, and why.
//
// One principle decides every rule, close to oasdiff's: a change is breaking
// when a request that a client could correctly send before may now be refused
// or misread, or when a response may now hold something a correctly written
// client cannot handle (or lack something it relies on). Requests and
// responses are therefore mirror images: accepting more in a request is safe
// and accepting less is not, while returning less in a response is safe and
// returning something new (other than a new field or enum value, which
// clients must tolerate) is not.
//
// Two deliberate choices where oasdiff only warns:
// - Removing a request parameter or field is breaking: clients that send it
//   get a 400 from strict servers, or silently different results.
// - A new enum value in a response is NOT breaking: clients are expected to
//   handle values they do not recognise (Meridian's versioning policy says so).
//   The explanation still tells readers who switch exhaustively to look.
//
// The README next to this file lists the rules as a table.

import type {Change, ChangeKind} from './diff-types';

export interface Rule {
  breaking: boolean;
  explanation: string;
}

export const RULES = {
  operationAdded: {breaking: false, explanation: 'A new operation does not affect existing clients.'},
  operationRemoved: {breaking: true, explanation: 'Removing an operation breaks every client that calls it.'},
  operationDeprecated: {
    breaking: false,
    explanation: 'Deprecation warns clients before a removal; the operation still works.',
  },
  operationUndeprecated: {
    breaking: false,
    explanation: 'The operation is no longer due for removal; clients need not change.',
  },

  requiredParameterAdded: {
    breaking: true,
    explanation: 'A new required parameter breaks existing requests that do not send it.',
  },
  optionalParameterAdded: {breaking: false, explanation: 'A new optional parameter does not affect existing requests.'},
  parameterRemoved: {
    breaking: true,
    explanation: 'Removing a parameter breaks clients that send it: the API may reject it, or ignore it and return different results.',
  },
  parameterMoved: {breaking: true, explanation: 'Requests that send the parameter in its old place break.'},
  parameterNowRequired: {
    breaking: true,
    explanation: 'Making a parameter required breaks existing requests that leave it out.',
  },
  parameterNowOptional: {
    breaking: false,
    explanation: 'Making a parameter optional does not affect requests that send it.',
  },

  requestTypeNarrowed: {breaking: true, explanation: 'Requests that send values of the old type are now rejected.'},
  requestTypeWidened: {breaking: false, explanation: 'The new type accepts every value the old type accepted.'},
  requestEnumValuesAdded: {breaking: false, explanation: 'Accepting more values does not affect existing requests.'},
  requestEnumValuesRemoved: {breaking: true, explanation: 'Requests that send a removed value are now rejected.'},

  requiredRequestBodyAdded: {
    breaking: true,
    explanation: 'A new required request body breaks existing requests, which do not send one.',
  },
  optionalRequestBodyAdded: {breaking: false, explanation: 'A new optional request body does not affect existing requests.'},
  requestBodyRemoved: {
    breaking: true,
    explanation: 'Clients that send a body may have their requests rejected, or their data ignored.',
  },
  requestBodyNowRequired: {
    breaking: true,
    explanation: 'Making the request body required breaks existing requests that leave it out.',
  },
  requestBodyNowOptional: {
    breaking: false,
    explanation: 'Making the request body optional does not affect requests that send one.',
  },
  requestMediaTypeAdded: {breaking: false, explanation: 'Accepting another media type does not affect existing requests.'},
  requestMediaTypeRemoved: {breaking: true, explanation: 'Requests that send the removed media type are now rejected.'},

  requiredRequestFieldAdded: {
    breaking: true,
    explanation: 'A new required request field breaks existing requests that do not send it.',
  },
  optionalRequestFieldAdded: {
    breaking: false,
    explanation: 'A new optional request field does not affect existing requests.',
  },
  requestFieldRemoved: {
    breaking: true,
    explanation: 'Removing a request field breaks clients that send it: the API may reject it or ignore it.',
  },
  requestFieldNowRequired: {
    breaking: true,
    explanation: 'Making a request field required breaks existing requests that leave it out.',
  },
  requestFieldNowOptional: {
    breaking: false,
    explanation: 'Making a request field optional does not affect requests that send it.',
  },

  responseStatusAdded: {
    breaking: false,
    explanation: 'Clients should handle status codes they do not know by their class (2xx, 4xx, 5xx).',
  },
  successStatusRemoved: {
    breaking: true,
    explanation: 'Clients that expect this success response will not get it any more.',
  },
  errorStatusRemoved: {
    breaking: false,
    explanation: 'The API no longer sends this error; client code that handles it is simply unused.',
  },
  responseMediaTypeAdded: {breaking: false, explanation: 'Clients keep receiving the media types they already accept.'},
  responseMediaTypeRemoved: {
    breaking: true,
    explanation: 'Clients that expect this media type will not receive it any more.',
  },

  responseFieldAdded: {
    breaking: false,
    explanation: 'Clients ignore response fields they do not know, so a new field does not affect them.',
  },
  responseFieldRemoved: {breaking: true, explanation: 'Removing a response field breaks clients that read it.'},
  responseFieldNowOptional: {
    breaking: true,
    explanation: 'Clients that expect the field in every response break when it is missing.',
  },
  responseFieldNowRequired: {breaking: false, explanation: 'A field that is now always present does not affect clients.'},
  responseTypeWidened: {breaking: true, explanation: 'Clients that parse the old type break on values of the new type.'},
  responseTypeNarrowed: {
    breaking: false,
    explanation: 'Every value of the new type was already possible, so clients already handle it.',
  },
  responseEnumValuesAdded: {
    breaking: false,
    explanation:
      'Clients must handle values they do not recognise; one that switches exhaustively over the values should add the new ones.',
  },
  responseEnumValuesRemoved: {
    breaking: false,
    explanation: 'Clients no longer receive the value; code that handles it is simply unused.',
  },

  securityRequired: {
    breaking: true,
    explanation: 'Clients that call the operation without credentials are now refused with 401 Unauthorized.',
  },
  securityNoLongerRequired: {breaking: false, explanation: 'Clients that send credentials keep working.'},
  securitySchemeAdded: {
    breaking: false,
    explanation: 'The new scheme is an alternative; clients can keep authenticating as before.',
  },
  securitySchemeRemoved: {breaking: true, explanation: 'Clients that authenticate with the removed scheme are refused.'},
  securityScopesAdded: {breaking: true, explanation: 'Tokens without the new scope are refused with 403 Forbidden.'},
  securityScopesRemoved: {breaking: false, explanation: 'Tokens that carry the scope keep working.'},
} as const satisfies Record<string, Rule>;

export function change(kind: ChangeKind, rule: Rule, message: string): Change {
  return {kind, breaking: rule.breaking, message, explanation: rule.explanation};
}
