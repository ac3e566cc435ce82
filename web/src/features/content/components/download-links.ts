import { openSorted, type DownloadEntry } from '@/shared/settings/types';

/** DOWNLOAD_SETTING entries that are open and have somewhere to go. */
export function downloadLinks(entries: DownloadEntry[] | undefined): DownloadEntry[] {
  return openSorted(entries).filter((e) => Boolean(e.url));
}
