import { useEffect, useState } from 'react';
import type { AggregateInfo, MapEngine } from '../engine';
import { ko } from '../i18n/ko';
import { CategoryIcon } from '../ui/CategoryIcon';
import type { CategoryGroup } from '../data/types';

const t = ko.map.aggregate;

interface Tip {
  aggregate: AggregateInfo;
  x: number;
  y: number;
}

/**
 * What an overview aggregate holds: its found share and its top categories by name, on hover
 * (desktop) or a long press (phone). Hidden again when the pointer leaves it, the camera moves, or
 * (after a long press) the next touch.
 */
export function AggregateTip({ engine, groups }: { engine: MapEngine; groups: readonly CategoryGroup[] | undefined }) {
  const [tip, setTip] = useState<Tip | null>(null);
  useEffect(() => {
    let pressed = false;
    const hide = () => {
      pressed = false;
      setTip(null);
    };
    const offs = [
      engine.on('aggregatehover', (e) => {
        // A long-pressed tip stays until the next touch; hover changes do not take it away.
        if (!e.aggregate) return void (pressed || setTip(null));
        pressed = e.pressed;
        setTip({ aggregate: e.aggregate, x: e.screenX, y: e.screenY });
      }),
      engine.on('camera', () => pressed && hide()),
    ];
    const down = () => pressed && hide();
    engine.canvas.addEventListener('pointerdown', down);
    return () => {
      offs.forEach((o) => o());
      engine.canvas.removeEventListener('pointerdown', down);
    };
  }, [engine]);
  if (!tip) return null;
  const a = tip.aggregate;
  const byId = new Map((groups ?? []).flatMap((g) => g.categories.map((c) => [c.id, c] as const)));
  const rest = a.count - a.top.reduce((n, c) => n + c.count, 0);
  const style = { left: `min(${tip.x + 14}px, calc(100% - 15rem))`, top: `min(${tip.y + 14}px, calc(100% - 9rem))` };
  return (
    <div className="aggregate-tip" role="tooltip" data-testid="aggregate-tip" style={style}>
      <div className="aggregate-tip-head">
        <strong>{t.pins(a.count)}</strong>
        <span className="muted">{t.found(a.found, a.count)}</span>
      </div>
      <ul className="list-reset">
        {a.top.map((c) => {
          const cat = byId.get(c.categoryId);
          return (
            <li key={c.categoryId}>
              <CategoryIcon icon={cat?.icon ?? 0} color={cat?.color} iconUrl={cat?.iconUrl} size={18} />
              <span className="aggregate-tip-name">{cat?.name ?? ko.common.category}</span>
              <span className="count">{t.categoryCount(c.found, c.count)}</span>
            </li>
          );
        })}
      </ul>
      {rest > 0 && <div className="muted small">{t.others(rest)}</div>}
    </div>
  );
}
