// Which categories a player's typing names: the one matcher of the map's category panel and the search page.
import { koreanMatch } from './search-text';

/** A category as the matcher needs it. */
export interface NamedCategory {
  id: number;
  name: string;
}

/** A group of categories as the matcher needs it. */
export interface NamedGroup<C extends NamedCategory> {
  id: number;
  name: string;
  categories: readonly C[];
}

/**
 * The groups narrowed to the categories `q` names (koreanMatch: 초성, accents, spacing): by the category's name,
 * one of its own tags' names (`tagsOf`), or its group's name (the whole group). Groups left empty are dropped;
 * an empty query keeps everything.
 */
export function filterCategoryGroups<C extends NamedCategory, G extends NamedGroup<C>>(
  groups: readonly G[],
  q: string,
  tagsOf: (categoryId: number) => readonly string[] = () => [],
): G[] {
  if (!q.trim()) return [...groups];
  const out: G[] = [];
  for (const g of groups) {
    const categories = koreanMatch(g.name, q)
      ? g.categories
      : g.categories.filter((c) => koreanMatch(c.name, q) || tagsOf(c.id).some((t) => koreanMatch(t, q)));
    if (categories.length > 0) out.push({ ...g, categories });
  }
  return out;
}

/** The tag names of each category's own tag groups (shared groups name every category, so they name none). */
export function tagNamesByCategory(
  tagGroups: readonly { categoryId: number | null; tags: readonly { name: string }[] }[],
): Map<number, string[]> {
  const m = new Map<number, string[]>();
  for (const g of tagGroups) {
    if (g.categoryId == null) continue;
    const names = m.get(g.categoryId) ?? [];
    names.push(...g.tags.map((t) => t.name));
    m.set(g.categoryId, names);
  }
  return m;
}
