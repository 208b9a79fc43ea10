import { useState } from 'react';
import type { Counts } from '../../../common/progress';
import { CategoryIcon } from '../../ui/CategoryIcon';
import { Icon } from '../../ui/icons';
import type { CategoryGroup, CategorySummary } from '../../data/types';
import { ko } from '../../i18n/ko';
import { formatNumber } from '../../i18n/number';

const t = ko.map;

/** Found/total of one category (or group) in the region in view; a dash when it has no pin there. */
export function Progress({ c, label }: { c: Counts | undefined; label: string }) {
  if (!c || c.total === 0)
    return (
      <span className="count muted" aria-label={t.noProgress(label)}>
        –
      </span>
    );
  return (
    <span className="count" aria-label={t.progress(label, c.total, c.checked)}>
      {formatNumber(c.checked)}/{formatNumber(c.total)}
    </span>
  );
}

/** What the list needs from the panel: which categories are on, the region's counts, and the writers. */
export interface CategoryListProps {
  /** The groups to list, already narrowed by the search. */
  groups: readonly CategoryGroup[];
  enabled: ReadonlySet<number>;
  /** Found/total per category in the region in view; undefined while the counts load (nothing is folded away then). */
  inRegion: Record<number, Counts> | undefined;
  /** Whether the player is searching: every match shows, folds open. */
  searching: boolean;
  collapsed: ReadonlySet<number>;
  onCollapse: (groupId: number, collapsed: boolean) => void;
  onToggle: (id: number, on: boolean) => void;
  onSet: (ids: readonly number[], on: boolean) => void;
}

function CategoryItem({
  c,
  on,
  counts,
  onToggle,
}: {
  c: CategorySummary;
  on: boolean;
  counts: Counts | undefined;
  onToggle: (on: boolean) => void;
}) {
  return (
    <li>
      <label className="cat-item" data-on={on}>
        <input type="checkbox" checked={on} onChange={(e) => onToggle(e.target.checked)} />
        <CategoryIcon icon={c.icon ?? 0} color={c.color} iconUrl={c.iconUrl} size={26} />
        <span className="cat-name">{c.name}</span>
        <Progress c={counts} label={c.name} />
      </label>
    </li>
  );
}

function sum(ids: readonly CategorySummary[], inRegion: Record<number, Counts> | undefined): Counts {
  const s = { total: 0, checked: 0 };
  for (const c of ids) {
    s.total += inRegion?.[c.id]?.total ?? 0;
    s.checked += inRegion?.[c.id]?.checked ?? 0;
  }
  return s;
}

/**
 * The categories by group, each group folding under a heading that stays in view while its list scrolls, with
 * 모두/해제 for the group; the categories with no pin in the region in view wait in one fold at the end.
 */
export function CategoryList(p: CategoryListProps) {
  const [otherOpen, setOtherOpen] = useState(false);
  const has = (c: CategorySummary) => p.inRegion === undefined || (p.inRegion[c.id]?.total ?? 0) > 0;
  const elsewhere = p.groups.flatMap((g) => g.categories.filter((c) => !has(c)).map((c) => ({ c, group: g.name })));
  const otherShown = otherOpen || p.searching;

  return (
    <>
      {p.groups.map((g) => {
        const here = g.categories.filter(has);
        if (here.length === 0) return null;
        const open = p.searching || !p.collapsed.has(g.id);
        const ids = here.map((c) => c.id);
        const on = ids.filter((id) => p.enabled.has(id)).length;
        return (
          <div key={g.id} role="group" className="cat-group" aria-label={g.name} data-group-id={g.id}>
            <div className="cat-group-head">
              <button
                type="button"
                className="cat-group-toggle"
                aria-expanded={open}
                aria-label={t.groupToggle(g.name, open)}
                onClick={() => p.onCollapse(g.id, open)}
              >
                <Icon name={open ? 'chevronDown' : 'chevronRight'} className="inline-icon" />
                <span className="cat-group-name">{g.name}</span>
                <span className="muted small" aria-hidden>
                  {on}/{here.length}
                </span>
              </button>
              <Progress c={sum(here, p.inRegion)} label={g.name} />
              <button type="button" className="btn btn-small btn-ghost" aria-label={t.groupAll(g.name)} onClick={() => p.onSet(ids, true)}>
                {t.groupAllShort}
              </button>
              <button
                type="button"
                className="btn btn-small btn-ghost"
                aria-label={t.groupNone(g.name)}
                onClick={() => p.onSet(ids, false)}
              >
                {t.groupNoneShort}
              </button>
            </div>
            {open && (
              <ul className="list-reset cat-list">
                {here.map((c) => (
                  <CategoryItem
                    key={c.id}
                    c={c}
                    on={p.enabled.has(c.id)}
                    counts={p.inRegion?.[c.id]}
                    onToggle={(v) => p.onToggle(c.id, v)}
                  />
                ))}
              </ul>
            )}
          </div>
        );
      })}
      {elsewhere.length > 0 && (
        <div role="group" className="cat-group cat-elsewhere" aria-label={t.notInRegion(elsewhere.length)}>
          <div className="cat-group-head">
            <button
              type="button"
              className="cat-group-toggle"
              aria-expanded={otherShown}
              onClick={() => setOtherOpen(!otherOpen)}
              disabled={p.searching}
            >
              <Icon name={otherShown ? 'chevronDown' : 'chevronRight'} className="inline-icon" />
              <span className="cat-group-name">{t.notInRegion(elsewhere.length)}</span>
            </button>
          </div>
          {otherShown && (
            <>
              <p className="muted small panel-note">{t.notInRegionHint}</p>
              <ul className="list-reset cat-list">
                {elsewhere.map(({ c }) => (
                  <CategoryItem key={c.id} c={c} on={p.enabled.has(c.id)} counts={undefined} onToggle={(v) => p.onToggle(c.id, v)} />
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </>
  );
}
