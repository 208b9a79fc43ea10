import { useEffect, useRef } from 'react';
import { ko } from '../i18n/ko';

export interface PinContextMenuProps {
  pinId: number;
  /** Where to open, in CSS px inside the map container (the engine's pincontextmenu position). */
  x: number;
  y: number;
  isChecked: boolean;
  onCheck: (checked: boolean) => void;
  onClose: () => void;
}

/** The pin's right-click (long-press) menu: mark as found / not found. */
export function PinContextMenu({ pinId, x, y, isChecked, onCheck, onClose }: PinContextMenuProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector('button')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown, true);
    };
  }, [onClose]);

  return (
    <div ref={ref} className="pin-context-menu" role="menu" data-pin-id={pinId} style={{ left: x, top: y }}>
      <button
        type="button"
        role="menuitem"
        onClick={() => {
          onCheck(!isChecked);
          onClose();
        }}
      >
        {isChecked ? ko.markNotFound : ko.markFound}
      </button>
    </div>
  );
}
