import type { PinRecord, SearchResults } from '../../workers/pins/api';

/**
 * The pins of the pages of a search, each once. Pages are ranked while categories still load,
 * so a later page may repeat pins an earlier one held: React would keep both under one key.
 */
export function searchPins(pages: readonly Pick<SearchResults, 'pins'>[] | undefined): PinRecord[] {
  const seen = new Set<number>();
  const out: PinRecord[] = [];
  for (const page of pages ?? [])
    for (const pin of page.pins) {
      if (seen.has(pin.id)) continue;
      seen.add(pin.id);
      out.push(pin);
    }
  return out;
}
