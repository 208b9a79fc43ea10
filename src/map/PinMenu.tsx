import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ko } from '../i18n/ko';
import { Icon } from '../ui/icons';
import { useFoundSet } from '../state';
import { useCheckPin } from '../data';

/** Where the pin context menu opens, for which pin. */
export interface PinMenuState {
  id: number;
  x: number;
  y: number;
}

/** The pin context menu: 'mark as found' / 'mark as not found' (SPEC §2). */
export function PinMenu({ menu, onClose }: { menu: PinMenuState; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const { found: foundSet } = useFoundSet();
  const check = useCheckPin();
  const { search } = useLocation();
  const found = foundSet.has(menu.id);

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    const onDown = (e: PointerEvent) => !ref.current?.contains(e.target as Node) && onClose();
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [onClose]);

  // A visitor's marks are kept on this device (and offered to the account on sign-in).
  const mark = (value: boolean) => {
    check.mutate({ pinId: menu.id, check: value }, { onSettled: onClose });
  };

  // Keep the menu inside the map even when the pin sits at an edge.
  const style = { left: `min(${menu.x}px, calc(100% - 13rem))`, top: `min(${menu.y}px, calc(100% - 8rem))` };
  return (
    <div ref={ref} className="pin-menu" role="menu" aria-label={ko.common.pinNumbered(menu.id)} style={style}>
      {found ? (
        <button type="button" role="menuitem" className="menu-item" onClick={() => mark(false)}>
          <Icon name="close" />
          {ko.markNotFound}
        </button>
      ) : (
        <button type="button" role="menuitem" className="menu-item" onClick={() => mark(true)}>
          <Icon name="checkCircle" />
          {ko.markFound}
        </button>
      )}
      <Link role="menuitem" className="menu-item" to={{ pathname: `/pin/${menu.id}`, search }} onClick={onClose}>
        <Icon name="pin" />
        {ko.map.pinDetails}
      </Link>
    </div>
  );
}
