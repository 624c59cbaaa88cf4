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

  it('a failed hydration tells the parts that kept server HTML, once, and any that listen later at once', async () => {
    const {default: clientModule, isFirstPageHydrated, onHydrationFailure, reportHydrationFailure} = await load(true);
    const early = vi.fn();
    const stopped = vi.fn();
    onHydrationFailure(early);
    const stop = onHydrationFailure(stopped);
    stop();
    reportHydrationFailure();
    expect(early).toHaveBeenCalledTimes(1);
    expect(stopped).not.toHaveBeenCalled();
    expect(isFirstPageHydrated()).toBe(true);
    // React reports the failure when it commits; the parts' effects subscribe after that.
    const late = vi.fn();
    onHydrationFailure(late);
    expect(late).toHaveBeenCalledTimes(1);
    clientModule.onRouteDidUpdate?.({location: {} as never, previousLocation: null});
    expect(early).toHaveBeenCalledTimes(1);
  });

  it('a hydration that succeeds tells the parts nothing: they stay server HTML until used', async () => {
    const {default: clientModule, onHydrationFailure} = await load(true);
    const listener = vi.fn();
    onHydrationFailure(listener);
    clientModule.onRouteDidUpdate?.({location: {} as never, previousLocation: null});
    expect(listener).not.toHaveBeenCalled();
  });

  it('under docusaurus start, which renders the first page from nothing, there is no server HTML to keep', async () => {
    const {isFirstPageHydrated} = await load(false);
    expect(isFirstPageHydrated()).toBe(true);
  });
});
