/**
 * The order in which the browser bundle starts a page: what
 * src/plugins/staged-start/client/staged-entry.tsx runs, kept free of React and the bundler so
 * that it is tested on its own.
 *
 * The core's entry does everything in the task that runs `main.js`: it
 * evaluates React DOM's client (compiling its module is the largest single
 * cost of start-up), every other module of the main bundle, and the route's
 * preload (matching the route and adding a script element per chunk). On a
 * throttled phone that one task is nearly all of an operation page's Total
 * Blocking Time. Here the same work runs as three
 * shorter tasks: the main bundle's modules; React DOM's client, a chunk of
 * its own, evaluated in the task of its script when it arrives; and the
 * preload, after a task boundary. Rendering waits for the last of them, as
 * it waited for the preload before, and is still a transition (React
 * hydrates in slices), and the blocking time after first paint drops
 * (bench/main-thread.ts measures it).
 */

export interface StartSteps<Client> {
  /** Starts loading React DOM's client (a dynamic import: its own chunk, evaluated when its script arrives). */
  loadClient: () => Promise<Client>;
  /** The route's preload: its components and data. */
  preload: () => Promise<unknown>;
  /** Renders (or hydrates) the app with the loaded client. */
  render: (client: Client) => void;
  /** Resolves in a later task than the one that called it. */
  nextTask: () => Promise<void>;
}

/** A promise that resolves in a new task (a timer), so the work after it is not part of the current one. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

/**
 * Starts the app in steps: the client's chunk is requested at once, the
 * preload runs in a later task, and the app renders when both are done.
 * Rejects with what failed; the server's HTML stays as it is (every link
 * still works as a plain link).
 */
export async function startInSteps<Client>({loadClient, preload, render, nextTask: yieldTask}: StartSteps<Client>): Promise<void> {
  const client = loadClient();
  // A rejection of the client's load is reported by the await below, not as unhandled while the preload runs.
  client.catch(() => undefined);
  await yieldTask();
  await preload();
  render(await client);
}
