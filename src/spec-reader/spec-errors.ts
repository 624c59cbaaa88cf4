/**
 * A failure the person running the build can act on. `message` is the cause in
 * plain words ("HTTP 404 Not Found"); the caller adds which URL or path failed,
 * so the same error reads well for the proxy, SPEC_FILE and the bundled spec.
 */
export class SpecSourceError extends Error {
  /** Worth another attempt: the same request may succeed a moment later. */
  readonly transient: boolean;
  /** What to do about it, when the cause suggests something better than the default for the source. */
  readonly hint: string | undefined;
  /** Extra lines (for example every validation error), printed under the message. */
  readonly details: readonly string[];
  /** How long the server asked us to wait (Retry-After), already capped. */
  readonly retryAfterMs: number | undefined;

  constructor(
    message: string,
    options: {
      transient?: boolean;
      hint?: string;
      details?: readonly string[];
      retryAfterMs?: number;
    } = {},
  ) {
    super(message);
    this.name = 'SpecSourceError';
    this.transient = options.transient ?? false;
    this.hint = options.hint;
    this.details = options.details ?? [];
    this.retryAfterMs = options.retryAfterMs;
  }
}

/**
 * A mistake in the SPEC_* variables themselves. These always stop the build,
 * even without SPEC_STRICT: falling back to an old spec would hide a typo in
 * CI settings until someone notices stale docs.
 */
export class SpecConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpecConfigError';
  }
}
