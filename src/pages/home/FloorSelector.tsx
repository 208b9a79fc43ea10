import { useState } from 'react';
import { floorAreaById, regionFloorGroups, type WorldFloorArea } from '../../../common/regions';
import { mapBox, setFloor, showOnMap, useStore, whenMapRuns } from '../../state';
import { ko } from '../../i18n/ko';

const t = ko.map;

/** Select values: a whole floor (`f:-1`, `f:` for the base map) or one named floor area (`a:12`). */
const floorValue = (depth: number | null) => `f:${depth ?? ''}`;
const areaValue = (id: number) => `a:${id}`;

/**
 * The floor selector (issue 20 item 2): the floors of the region in view, and under each floor its named areas
 * (several caves may share one depth). Choosing an area shows its floor and brings the whole area into view, so
 * every area, and every floor that holds pins, is one choice away. Phone: one select, grouped by floor; wide:
 * the floors as buttons and, for a floor with areas, a select of them.
 */
export function FloorSelector() {
  const snap = useStore();
  const groups = regionFloorGroups(snap.mapRegion);
  // The area last chosen, while its floor is shown.
  const [chosen, setChosen] = useState<number | null>(null);
  const area = chosen !== null ? floorAreaById(chosen) : undefined;
  const current = area && area.depth === snap.floor && area.regionId === snap.mapRegion ? area : undefined;
  if (groups.length < 2) return null;

  const showArea = async (a: WorldFloorArea) => {
    setFloor(a.depth);
    setChosen(a.id);
    // Chosen while the map's renderer still starts, the area comes into view once it runs.
    if (!(await whenMapRuns())) return;
    const box = mapBox();
    if (!box) return;
    const [x0, y0, x1, y1] = a.extent;
    // The whole area in view with a margin, never closer than 1:1.
    const zoom = Math.min(1, (0.8 * box.width) / (x1 - x0), (0.8 * box.height) / (y1 - y0));
    showOnMap({ x: (x0 + x1) / 2, y: (y0 + y1) / 2 }, { zoom, animate: true });
  };
  const choose = (value: string) => {
    if (value.startsWith('a:')) {
      const a = floorAreaById(Number(value.slice(2)));
      if (a) void showArea(a);
      return;
    }
    const depth = value.slice(2);
    setChosen(null);
    setFloor(depth === '' ? null : Number(depth));
  };
  const shown = groups.find((g) => g.depth === snap.floor);
  return (
    <>
      <select
        className="select floor-select phone-only"
        aria-label={t.chooseFloor}
        value={current ? areaValue(current.id) : floorValue(snap.floor)}
        onChange={(e) => choose(e.target.value)}
      >
        {groups.map((g) =>
          g.areas.length === 0 ? (
            <option key={floorValue(g.depth)} value={floorValue(g.depth)}>
              {g.label}
            </option>
          ) : (
            <optgroup key={floorValue(g.depth)} label={g.label}>
              <option value={floorValue(g.depth)}>{t.wholeFloor(g.label)}</option>
              {g.areas.map((a) => (
                <option key={a.id} value={areaValue(a.id)}>
                  {a.label}
                </option>
              ))}
            </optgroup>
          ),
        )}
      </select>
      <div className="floor-picker wide-only" role="radiogroup" aria-label={t.chooseFloor}>
        {groups.map((g) => (
          <button
            key={floorValue(g.depth)}
            type="button"
            role="radio"
            aria-checked={snap.floor === g.depth}
            onClick={() => choose(floorValue(g.depth))}
          >
            {g.label}
            {g.areas.length > 1 && <span className="floor-count">{g.areas.length}</span>}
          </button>
        ))}
      </div>
      {shown && shown.areas.length > 0 && (
        <select
          className="select floor-area-select wide-only"
          aria-label={t.chooseArea}
          value={current ? areaValue(current.id) : ''}
          onChange={(e) => choose(e.target.value || floorValue(snap.floor))}
        >
          <option value="">{t.chooseArea}</option>
          {shown.areas.map((a) => (
            <option key={a.id} value={areaValue(a.id)}>
              {a.label}
            </option>
          ))}
        </select>
      )}
    </>
  );
}
