import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { REGIONS, regionById } from '../../../common/regions';
import type { Progress } from '../../../common/progress';
import { CategoryIcon } from '../../ui/CategoryIcon';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Loading';
import { useStore } from '../../state';
import { useLeftPins } from '../../data';
import type { CategoryGroup } from '../../data/types';

const t = ko.mypage.completion;
const n = (v: number) => v.toLocaleString('ko-KR');

interface Cell {
  region: number;
  categoryId: number;
  name: string;
  icon: number;
  left: number;
}

/** The pins of one region and category not found yet: a list of links to each pin (opens it on the map). */
function LeftPinsDialog({ cell, onClose }: { cell: Cell | null; onClose: () => void }) {
  const left = useLeftPins(cell && { region: cell.region, categoryId: cell.categoryId });
  const [shown, setShown] = useState(100);
  const title = cell ? t.leftTitle(regionById(cell.region).label, cell.name, left.data?.length ?? cell.left) : '';
  return (
    <Dialog open={cell !== null} title={title} onClose={onClose} className="left-pins-dialog">
      {left.isPending && <Spinner />}
      {left.isError && <p className="notice notice-danger">{t.leftFailed}</p>}
      {left.data && left.data.length === 0 && <p className="muted">{t.noneLeft}</p>}
      {left.data && left.data.length > 0 && cell && (
        <>
          <ul className="list-reset left-pins" aria-label={title}>
            {left.data.slice(0, shown).map((p) => (
              <li key={p.id}>
                <CategoryIcon icon={cell.icon} size={20} />
                <Link to={`/pin/${p.id}`} onClick={onClose}>
                  {cell.name} #{p.id}
                </Link>
                {p.description && <span className="muted small left-pin-desc">{p.description}</span>}
              </li>
            ))}
          </ul>
          {left.data.length > shown && (
            <button type="button" className="btn btn-small" onClick={() => setShown((s) => s + 100)}>
              {t.more(left.data.length - shown)}
            </button>
          )}
        </>
      )}
      <div className="row" style={{ justifyContent: 'flex-end', marginTop: '0.75rem' }}>
        <button type="button" className="btn" onClick={onClose}>
          {ko.common.close}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * /mypage's completion table: pick a region, see every category's found/total in it (as the
 * server counts them, the same numbers as the map's panel), and open what is left ("남은 핀").
 */
export function CompletionTable({ counts, groups }: { counts: Progress | undefined; groups: readonly CategoryGroup[] }) {
  const { mapRegion } = useStore();
  const [region, setRegion] = useState(mapRegion);
  const [open, setOpen] = useState<Cell | null>(null);
  const inRegion = counts?.byRegionCategory[region] ?? {};
  const rows = groups.flatMap((g) => g.categories).filter((c) => inRegion[c.id]?.total);
  return (
    <section className="card completion-card" aria-labelledby="completion-h">
      <h2 id="completion-h">{t.title}</h2>
      <p className="muted small">{t.hint}</p>
      <div className="region-grid" role="radiogroup" aria-label={t.regionPicker}>
        {REGIONS.map((r) => {
          const c = counts?.byRegion[r.id];
          return (
            <button
              key={r.id}
              type="button"
              role="radio"
              aria-checked={region === r.id}
              className="region-btn"
              onClick={() => setRegion(r.id)}
            >
              <span>{r.label}</span>
              <span className="count">{c && c.total ? `${Math.floor((c.checked / c.total) * 100)}%` : '–'}</span>
            </button>
          );
        })}
      </div>
      {rows.length === 0 ? (
        <p className="muted small">{counts ? t.empty : ko.common.loading}</p>
      ) : (
        <table className="completion-table">
          <caption className="sr-only">{t.caption(regionById(region).label)}</caption>
          <thead>
            <tr>
              <th scope="col">{ko.common.category}</th>
              <th scope="col">{t.found}</th>
              <th scope="col">{t.left}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => {
              const k = inRegion[c.id]!;
              const pct = Math.floor((k.checked / k.total) * 100);
              const left = k.total - k.checked;
              return (
                <tr key={c.id} data-category={c.id}>
                  <th scope="row">
                    <span className="row completion-name">
                      <CategoryIcon icon={c.icon ?? 0} size={20} />
                      <span>{c.name}</span>
                    </span>
                  </th>
                  <td>
                    <span className="count" aria-label={t.countLabel(c.name, k.checked, k.total)}>
                      {n(k.checked)}/{n(k.total)} <span className="muted">({pct}%)</span>
                    </span>
                    <span className="meter" aria-hidden>
                      <span style={{ width: `${pct}%` }} />
                    </span>
                  </td>
                  <td>
                    {left > 0 ? (
                      <button
                        type="button"
                        className="btn btn-small"
                        aria-label={t.leftButtonLabel(c.name, left)}
                        onClick={() => setOpen({ region, categoryId: c.id, name: c.name, icon: c.icon ?? 0, left })}
                      >
                        {t.leftButton(left)}
                      </button>
                    ) : (
                      <span className="done-text">{t.done}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <LeftPinsDialog key={open ? `${open.region}:${open.categoryId}` : 'none'} cell={open} onClose={() => setOpen(null)} />
    </section>
  );
}
