import { useRef, type ButtonHTMLAttributes, type PointerEvent as ReactPointerEvent } from 'react';

// After a press acted on the pointer's release, the click the browser synthesises from it (if any)
// must not act again, e.g. land on the backdrop of the dialog the press just closed. Swallowed once;
// the next pointerdown drops the guard, as a tap whose click never came must not eat a later one.
function swallowNextClick(): void {
  const drop = () => {
    window.removeEventListener('click', onClick, true);
    window.removeEventListener('pointerdown', drop, true);
  };
  const onClick = (e: MouseEvent) => {
    if (e.detail === 0) return;
    e.stopPropagation();
    e.preventDefault();
    drop();
  };
  window.addEventListener('click', onClick, true);
  window.addEventListener('pointerdown', drop, true);
}

export interface PressButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> {
  onPress: () => void;
}

/**
 * A button that acts when a pointer pressed on it is released over it (pointerdown, then pointerup on
 * the same button), not on the browser's synthesised `click`: right after a drag on the map Chromium
 * sometimes sends no click for a tap (issue 24: 6 of 139 banner taps lost). Controls that end a map
 * tool use it. Enter and Space still act through the click they make (detail 0).
 */
export function PressButton({ onPress, onPointerDown, onPointerUp, onPointerCancel, type = 'button', ...rest }: PressButtonProps) {
  const down = useRef<number | null>(null);
  return (
    <button
      {...rest}
      type={type}
      onPointerDown={(e) => {
        onPointerDown?.(e);
        down.current = e.button === 0 && !e.currentTarget.disabled ? e.pointerId : null;
      }}
      onPointerUp={(e: ReactPointerEvent<HTMLButtonElement>) => {
        onPointerUp?.(e);
        const pressed = down.current === e.pointerId;
        down.current = null;
        if (!pressed || e.currentTarget.disabled) return;
        // A touch keeps its pointer on the button it began on: released elsewhere, it is no press.
        const r = e.currentTarget.getBoundingClientRect();
        if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) return;
        swallowNextClick();
        onPress();
      }}
      onPointerCancel={(e) => {
        onPointerCancel?.(e);
        down.current = null;
      }}
      onClick={(e) => {
        if (e.detail === 0) onPress();
      }}
    />
  );
}
