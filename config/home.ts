import type {ApiLinks} from '../src/openapi/links/api-links';

/** The home page's links into the API reference, resolved at build time and
 * handed to src/pages/index.tsx as `customFields.homeLinks`. */
export interface HomeLinks {
  /** The "Get an access token" button; null hides it (the description has no such operation). */
  accessToken: string | null;
  /** The create-contact page the hero's code sample links to; null hides the link. */
  createContact: string | null;
}

/**
 * The call the home page's hero shows: create-contact, as its page's cURL
 * sample writes it, shortened to the headers a first call needs. Kept here
 * rather than generated so the home page ships no code-sample machinery;
 * the link beside it goes to the generated samples.
 */
export const HOME_CODE_SAMPLE = {
  title: 'Create a contact',
  language: 'bash',
  code: [
    'curl --request POST \\',
    '  --url https://api.meridian.example/v1/contacts \\',
    "  --header 'Authorization: Bearer YOUR_ACCESS_TOKEN' \\",
    "  --header 'Content-Type: application/json' \\",
    "  --data '{",
    '    "first_name": "Sofia",',
    '    "last_name": "Lindqvist",',
    '    "email": "sofia.lindqvist@example.net"',
    "  }'",
  ].join('\n'),
} as const;

export function createHomeLinks(links: Pick<ApiLinks, 'optionalApiLink'>): HomeLinks {
  // customFields must be JSON: null, not undefined, for "no button".
  return {
    accessToken: links.optionalApiLink({operation: 'getAccessToken'}, {from: 'config/home.ts'}) ?? null,
    createContact: links.optionalApiLink({operation: 'createContact'}, {from: 'config/home.ts'}) ?? null,
  };
}
