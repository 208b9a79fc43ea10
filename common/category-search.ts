// Which categories a player's typing names: the one matcher of the map's category panel and the search page.
import { koreanMatch, matchRank } from './search-text';

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

/** Rank of a category found only by one of its tags or its group's name: after every name match. */
const BY_TAG_OR_GROUP = 4;

/**
 * The groups narrowed to the categories `q` names (koreanMatch: 초성, accents, spacing): by the category's name,
 * one of its own tags' names (`tagsOf`), or its group's name (the whole group). Groups left empty are dropped;
 * an empty query keeps everything, in catalogue order. Found categories are ranked (matchRank of the name: the
 * same name, then names that begin with the query or whose first words' 초성 it is, then 초성 of later words, then
 * anywhere; then those found by a tag or the group's name), within their group, and the groups by their best;
 * catalogue order among equals.
 */
export function filterCategoryGroups<C extends NamedCategory, G extends NamedGroup<C>>(
  groups: readonly G[],
  q: string,
  tagsOf: (categoryId: number) => readonly string[] = () => [],
): G[] {
  if (!q.trim()) return [...groups];
  const out: { group: G; best: number }[] = [];
  for (const g of groups) {
    const wholeGroup = koreanMatch(g.name, q);
    const found: { c: C; rank: number }[] = [];
    for (const c of g.categories) {
      const rank = matchRank(c.name, q) ?? (wholeGroup || tagsOf(c.id).some((t) => koreanMatch(t, q)) ? BY_TAG_OR_GROUP : null);
      if (rank !== null) found.push({ c, rank });
    }
    if (found.length === 0) continue;
    found.sort((a, b) => a.rank - b.rank);
    out.push({ group: { ...g, categories: found.map((f) => f.c) }, best: found[0]!.rank });
  }
  return out.sort((a, b) => a.best - b.best).map((x) => x.group);
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
