/**
 * A cache of built trees shared by every caller, so each is deep-frozen: a
 * caller that changed one would change it for all. When it holds `limit`
 * entries it starts again, which bounds memory on very large specs.
 */
export class FrozenCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly limit: number) {}

  /** The value for `key`: made by `make` (and frozen) the first time. */
  get(key: string, make: () => T): T {
    const cached = this.entries.get(key);
    if (cached !== undefined) return cached;
    const value = deepFreeze(make());
    if (this.entries.size >= this.limit) this.entries.clear();
    this.entries.set(key, value);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const PROCESS_VALUES = Symbol.for('meridian-api-docs.process-values');

/**
 * The value named `name`, made once per process however often the module
 * asking for it is loaded: Docusaurus loads the site config afresh, with
 * every module it imports (loadFreshModule: jiti without the require cache),
 * and `npm start` loads it on each save of the description, which would
 * otherwise start every module-level cache empty.
 */
export function perProcess<T>(name: string, make: () => T): T {
  const holder = globalThis as typeof globalThis & {[PROCESS_VALUES]?: Map<string, unknown>};
  const values = (holder[PROCESS_VALUES] ??= new Map<string, unknown>());
  if (!values.has(name)) values.set(name, make());
  return values.get(name) as T;
}
