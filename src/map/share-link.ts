import { ko } from '../i18n/ko';
import { toast } from '../ui/toast';
import { store } from '../state';
import { writeUrlFilters } from './url-state';

/** The link to what this player sees: region, camera and open pin (the URL) plus categories, floor and highlighted tags. */
export function shareUrl(): string {
  const { origin, pathname, search } = window.location;
  return (
    origin +
    pathname +
    writeUrlFilters(search, { categories: store.homeFilters.categories, floor: store.floor, tags: store.highlightedTags })
  );
}

/** Copies the share link (or shows it when the clipboard is refused). */
export async function copyShareLink(): Promise<void> {
  const url = shareUrl();
  try {
    await navigator.clipboard.writeText(url);
    toast.success(ko.copiedToClipboard);
  } catch {
    // Clipboard refused (insecure origin, permissions): show the link so it can be copied by hand.
    window.prompt(ko.map.copyLinkPrompt, url);
  }
}
