/**
 * What the site's plugins' tests give `configureWebpack` as the bundler: a
 * stand-in for its `NormalModuleReplacementPlugin` that keeps what it was
 * constructed with, so a test compares the replacements a plugin asks for.
 */
export class FakeReplacement {
  constructor(
    readonly test: RegExp,
    readonly replacement: string,
  ) {}
}

/** The third argument of `configureWebpack`, with the stand-in as Rspack's replacement plugin. */
export const bundlerUtils = {currentBundler: {name: 'rspack', instance: {NormalModuleReplacementPlugin: FakeReplacement}}} as never;
