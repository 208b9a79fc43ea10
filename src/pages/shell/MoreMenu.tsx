import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../ui/icons';
import { useFullscreen } from '../../ui/fullscreen';
import { THEME_LABELS, type ThemePreference } from '../../ui/theme';
import { useShellActions } from './shell-context';
import { useStore } from '../../state';
import { ko } from '../../i18n/ko';

interface MoreMenuProps {
  anchor: HTMLElement | null;
  loggedIn: boolean;
  onClose: () => void;
  onCollapse: () => void;
  onOpenTracker: () => void;
}

const THEMES: ThemePreference[] = ['light', 'dark', 'system'];
const THEME_ICONS = { light: 'sun', dark: 'moon', system: 'monitor' } as const;

/** The "more" menu: theme, tracker, collapsing the navigation, the legal pages, and what phones lack room for. */
export function MoreMenu({ anchor, loggedIn, onClose, onCollapse, onOpenTracker }: MoreMenuProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState<{ left: number; bottom: number } | null>(null);
  const { isFullscreen, toggle } = useFullscreen();
  const { theme, setTheme, logout } = useShellActions();
  const { tracking } = useStore();

  useLayoutEffect(() => {
    if (!anchor) return;
    const r = anchor.getBoundingClientRect();
    const phone = window.innerWidth < 768;
    const width = ref.current?.offsetWidth ?? 220;
    setPos({
      left: phone ? Math.max(8, window.innerWidth - width - 8) : r.right + 8,
      bottom: phone ? window.innerHeight - r.top + 8 : Math.max(8, window.innerHeight - r.bottom),
    });
  }, [anchor]);

  // The first item takes focus once the menu is placed (a hidden element cannot take focus),
  // skipping the phone-only items a wide screen hides.
  const placed = pos !== null;
  useEffect(() => {
    if (placed)
      [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"], [role="menuitemradio"]') ?? [])]
        .find((el) => el.offsetParent !== null)
        ?.focus();
  }, [placed]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        onClose();
        anchor?.focus();
      }
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp' || e.key === 'Home' || e.key === 'End') {
        // Only the items shown (the phone-only ones are hidden on a wide screen).
        const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])].filter(
          (el) => el.offsetParent !== null,
        );
        const i = items.indexOf(document.activeElement as HTMLElement);
        const next =
          e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : (i + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
        items[next]?.focus();
        e.preventDefault();
      }
    };
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node) && !anchor?.contains(e.target as Node)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [anchor, onClose]);

  const run = (fn: () => void) => () => {
    fn();
    onClose();
  };

  return (
    <div
      ref={ref}
      className="nav-more-menu"
      role="menu"
      aria-label={ko.shell.more}
      style={pos ? { left: pos.left, bottom: pos.bottom } : { visibility: 'hidden' }}
    >
      <div className="phone-only">
        <Link role="menuitem" className="menu-item" to="/support" onClick={onClose}>
          <Icon name="help" />
          {ko.common.support}
        </Link>
        {!loggedIn && (
          <Link role="menuitem" className="menu-item" to="/login" onClick={onClose}>
            <Icon name="login" />
            {ko.common.login}
          </Link>
        )}
        <button role="menuitem" type="button" className="menu-item" onClick={run(toggle)}>
          <Icon name={isFullscreen ? 'exitFullscreen' : 'fullscreen'} />
          {isFullscreen ? ko.common.exitFullscreen : ko.common.fullscreen}
        </button>
        <hr />
      </div>
      <div className="menu-title" id="theme-title">
        {ko.common.theme}
      </div>
      <div role="group" aria-labelledby="theme-title">
        {THEMES.map((t) => (
          <button
            key={t}
            role="menuitemradio"
            aria-checked={theme === t}
            type="button"
            className="menu-item"
            onClick={run(() => setTheme(t))}
          >
            <Icon name={THEME_ICONS[t]} />
            {THEME_LABELS[t]}
            {theme === t && <Icon name="check" className="menu-check" />}
          </button>
        ))}
      </div>
      <hr />
      <button role="menuitem" type="button" className="menu-item" onClick={run(onOpenTracker)}>
        <Icon name="tracker" />
        {tracking.connected ? ko.shell.trackerConnected : ko.shell.trackerConnect}
      </button>
      <button role="menuitem" type="button" className="menu-item wide-only" onClick={run(onCollapse)}>
        <Icon name="panelLeft" />
        {ko.shell.collapseNav}
      </button>
      <Link role="menuitem" className="menu-item" to="/overlay/setup" onClick={onClose}>
        <Icon name="monitor" />
        {ko.overlayMenu}
      </Link>
      <hr />
      <Link role="menuitem" className="menu-item" to="/about/terms" onClick={onClose}>
        <Icon name="doc" />
        {ko.common.terms}
      </Link>
      <Link role="menuitem" className="menu-item" to="/about/privacy-policy" onClick={onClose}>
        <Icon name="shield" />
        {ko.common.privacy}
      </Link>
      {loggedIn && (
        <>
          <hr />
          <button role="menuitem" type="button" className="menu-item" onClick={run(logout)}>
            <Icon name="logout" />
            {ko.common.logout}
          </button>
        </>
      )}
    </div>
  );
}
