import {afterEach, describe, expect, it, vi} from 'vitest';

/** The module as the client bundle of a production build (`true`) or of `docusaurus start` sees it. */
async function load(hydratesServerHtml: boolean) {
  vi.resetModules();
  if (hydratesServerHtml) vi.stubEnv('HYDRATE_CLIENT_ENTRY', 'true');
  return import('../hydration-state');
}

describe('hydration-state', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('in a production build, the first page is server HTML until its first route has rendered', async () => {
    const {default: clientModule, isFirstPageHydrated} = await load(true);
    expect(isFirstPageHydrated()).toBe(false);
    clientModule.onRouteDidUpdate?.({location: {} as never, previousLocation: null});
    expect(isFirstPageHydrated()).toBe(true);
  });

  it('under docusaurus start, which renders the first page from nothing, there is no server HTML to keep', async () => {
    const {isFirstPageHydrated} = await load(false);
    expect(isFirstPageHydrated()).toBe(true);
  });
});
