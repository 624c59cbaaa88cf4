import {useCallback, useEffect, useMemo, useState} from 'react';
import {usePluginData} from '@docusaurus/useGlobalData';
import {createStorageSlot} from '@docusaurus/theme-common';

import type {ApiVersionsData, VersionPagesFile} from '../../plugins/api-versions/version-types';
import {useCurrentApi} from '../ApiCatalog/use-current-api';

/** The api-versions plugin's global data of the API being read (src/apis/: each API has its versions); undefined on a site without it. */
export function useApiVersions(): ApiVersionsData | undefined {
  const api = useCurrentApi();
  return usePluginData('api-versions', api?.versionsPluginId) as ApiVersionsData | undefined;
}

/**
 * The version the reader chose last (localStorage `docs-preferred-version-<apiId>`),
 * read after hydration; a stored name that is no longer a version is deleted.
 */
export function usePreferredVersion(data: ApiVersionsData | undefined): [string | null, (name: string) => void] {
  const slot = useMemo(() => (data ? createStorageSlot(data.storageKey) : undefined), [data]);
  const [preferred, setPreferred] = useState<string | null>(null);
  useEffect(() => {
    if (!slot || !data) return;
    const stored = slot.get();
    if (stored !== null && !data.versions.some((version) => version.name === stored)) {
      slot.del();
      setPreferred(null);
      return;
    }
    setPreferred(stored);
  }, [slot, data]);
  const save = useCallback(
    (name: string) => {
      slot?.set(name);
      setPreferred(name);
    },
    [slot],
  );
  return [preferred, save];
}

let pagesFile: Promise<VersionPagesFile> | undefined;

/** Every version's pages, fetched once per visit, when the reader first opens or uses the version dropdown. */
export function loadVersionPages(url: string): Promise<VersionPagesFile> {
  pagesFile ??= fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response.json() as Promise<VersionPagesFile>;
  });
  // A failed fetch is tried again on the next switch.
  pagesFile.catch(() => {
    pagesFile = undefined;
  });
  return pagesFile;
}
