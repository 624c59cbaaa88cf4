import {describe, expect, it} from 'vitest';
import {nextTask, startInSteps} from '../staged-start';

/** A stand-in for a task boundary that the test releases by hand, logging when it is asked for. */
function manualTasks(log: string[]) {
  const pending: (() => void)[] = [];
  return {
    nextTask: () => {
      log.push('yield');
      return new Promise<void>((resolve) => pending.push(resolve));
    },
    release: () => pending.shift()?.(),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startInSteps', () => {
  it("requests the client at once, preloads the route only after a task boundary, and renders with the client when both are done", async () => {
    const log: string[] = [];
    const tasks = manualTasks(log);
    let resolveClient!: (client: string) => void;
    let resolvePreload!: () => void;
    const started = startInSteps<string>({
      loadClient: () => {
        log.push('load client');
        return new Promise((resolve) => (resolveClient = resolve));
      },
      preload: () => {
        log.push('preload');
        return new Promise<void>((resolve) => (resolvePreload = resolve));
      },
      render: (client) => log.push(`render with ${client}`),
      nextTask: tasks.nextTask,
    });
    await settle();
    expect(log).toEqual(['load client', 'yield']);
    tasks.release();
    await settle();
    expect(log).toEqual(['load client', 'yield', 'preload']);
    // The client arrives first: nothing renders until the route has loaded.
    resolveClient('react-dom/client');
    await settle();
    expect(log).toEqual(['load client', 'yield', 'preload']);
    resolvePreload();
    await started;
    expect(log).toEqual(['load client', 'yield', 'preload', 'render with react-dom/client']);
  });

  it('renders once the client arrives when the route loaded first', async () => {
    const log: string[] = [];
    let resolveClient!: (client: string) => void;
    const started = startInSteps<string>({
      loadClient: () => new Promise((resolve) => (resolveClient = resolve)),
      preload: async () => log.push('preloaded'),
      render: (client) => log.push(`render with ${client}`),
      nextTask,
    });
    await settle();
    await settle();
    expect(log).toEqual(['preloaded']);
    resolveClient('client');
    await started;
    expect(log).toEqual(['preloaded', 'render with client']);
  });

  it('rejects with the failure, without rendering, when the client or the preload fails', async () => {
    const render = (client: string) => {
      throw new Error(`rendered with ${client}`);
    };
    const clientFailure = new Error('Loading chunk 1207 failed.');
    await expect(startInSteps<string>({loadClient: () => Promise.reject(clientFailure), preload: async () => [], render, nextTask})).rejects.toBe(clientFailure);
    const preloadFailure = new Error('Loading chunk 42 failed.');
    await expect(startInSteps<string>({loadClient: async () => 'client', preload: () => Promise.reject(preloadFailure), render, nextTask})).rejects.toBe(preloadFailure);
  });

  it('nextTask resolves after a timer, not in the current task', async () => {
    const order: string[] = [];
    const yielded = nextTask().then(() => order.push('after the boundary'));
    await Promise.resolve();
    order.push('microtasks of the current task');
    await yielded;
    expect(order).toEqual(['microtasks of the current task', 'after the boundary']);
  });
});
