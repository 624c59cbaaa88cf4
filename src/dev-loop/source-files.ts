import {watch, type FSWatcher} from 'node:fs';
import path from 'node:path';

/**
 * The local files a description names in `$ref` (`./schemas/pet.yaml#/Pet`,
 * `common.yaml`), as absolute paths resolved against `descriptionFile`'s
 * folder. URLs and references inside the document (`#/…`) are not files.
 */
export function localReferencedFiles(document: unknown, descriptionFile: string): string[] {
  const found = new Set<string>();
  const base = path.dirname(descriptionFile);
  const stack: unknown[] = [document];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      stack.push(...(value as unknown[]));
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        const target = child.split('#')[0];
        if (target !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(target)) found.add(path.resolve(base, decodeURI(target)));
      } else {
        stack.push(child);
      }
    }
  }
  return [...found].sort();
}

/**
 * Calls `onChange` (once per burst, after `quietMs` without events) when any
 * of `files` is written, created, replaced or deleted. It watches each file's
 * folder rather than the file, because editors save by writing a new file
 * and renaming it over the old one, which ends a watch on the file itself.
 */
export function watchFiles(files: readonly string[], onChange: (changed: string[]) => void, quietMs = 100): {close(): void} {
  const byFolder = new Map<string, Set<string>>();
  for (const file of files) {
    const folder = path.dirname(file);
    if (!byFolder.has(folder)) byFolder.set(folder, new Set());
    byFolder.get(folder)!.add(path.basename(file));
  }
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const watchers: FSWatcher[] = [];
  for (const [folder, names] of byFolder) {
    try {
      watchers.push(
        watch(folder, (_event, name) => {
          // Some platforms leave the name out: then any event in the folder counts.
          if (name !== null && !names.has(name.toString())) return;
          changed.add(name === null ? folder : path.join(folder, name.toString()));
          clearTimeout(timer);
          timer = setTimeout(() => {
            const batch = [...changed];
            changed.clear();
            onChange(batch);
          }, quietMs);
        }),
      );
    } catch (error) {
      // A referenced file in a folder that does not exist is a problem the spec step reports; nothing to watch there.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return {
    close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}
