/**
 * Adds files to a bundle's output as they are: the client bundle's sidebar
 * categories that load on demand (./lazy-sidebar.ts). Files in the output
 * directory are the build's, so the bundler writes them with its other
 * assets, and a build that fails writes none.
 */

interface CompilationLike {
  emitAsset(file: string, source: unknown): void;
  hooks: {processAssets: {tap(options: {name: string; stage: number}, callback: () => void): void}};
}

interface CompilerLike {
  webpack: {Compilation: {PROCESS_ASSETS_STAGE_ADDITIONAL: number}; sources: {RawSource: new (source: string) => unknown}};
  hooks: {thisCompilation: {tap(name: string, callback: (compilation: CompilationLike) => void): void}};
}

const PLUGIN_NAME = 'RouteSectionEmitFiles';

export class EmitFilesPlugin {
  /** `files`: [path below the output directory, content]. */
  constructor(private readonly files: readonly (readonly [string, string])[]) {}

  apply(bundler: unknown): void {
    const compiler = bundler as CompilerLike;
    const {Compilation, sources} = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation) => {
      compilation.hooks.processAssets.tap({name: PLUGIN_NAME, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL}, () => {
        for (const [file, content] of this.files) compilation.emitAsset(file, new sources.RawSource(content));
      });
    });
  }
}
