import { useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Icon, type IconName } from '../../ui/icons';
import { useFullscreen } from '../../ui/fullscreen';
import { MoreMenu } from './MoreMenu';
import { ko } from '../../i18n/ko';

interface NavProps {
  loggedIn: boolean;
  /** Moderators and admins see the moderation page in the navigation; others never do. */
  staff?: boolean;
  onCollapse: () => void;
  onOpenTracker: () => void;
}

function Item({ to, icon, label, end, className }: { to: string; icon: IconName; label: string; end?: boolean; className?: string }) {
  return (
    <NavLink to={to} end={end} className={`nav-item ${className ?? ''}`}>
      <Icon name={icon} />
      <span>{label}</span>
    </NavLink>
  );
}

/** The side navigation (SPEC §2 labels); a bottom tab bar on phones. */
export function SideNav({ loggedIn, staff = false, onCollapse, onOpenTracker }: NavProps) {
  const { isFullscreen, toggle } = useFullscreen();
  const [moreOpen, setMoreOpen] = useState(false);
  const moreRef = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();
  // Home stays "current" on the map's own sub-routes (a pin's detail is part of the map).
  const onMap = pathname === '/' || (pathname.startsWith('/pin/') && !pathname.endsWith('/edit'));
  return (
    <nav className="side-nav" aria-label={ko.shell.navLabel}>
      <NavLink to="/" className="brand" aria-label={ko.shell.brandHome}>
        <Icon name="brand" />
      </NavLink>
      <NavLink
        to={{ pathname: '/', search: pathname === '/' ? search : '' }}
        className={`nav-item ${onMap ? 'active' : ''}`}
        aria-current={onMap ? 'page' : undefined}
      >
        <Icon name="home" />
        <span>{ko.shell.home}</span>
      </NavLink>
      <Item to="/edit" icon="plus" label={ko.shell.contribute} end />
      <Item to="/search" icon="search" label={ko.common.search} />
      <Item to="/mypage" icon="user" label={ko.common.mypage} />
      <Item to="/support" icon="help" label={ko.common.support} className="nav-wide-only" />
      {staff && <Item to="/moderation" icon="shield" label={ko.moderation.nav} />}
      {!loggedIn && <Item to="/login" icon="login" label={ko.common.login} />}
      <div className="nav-sep" />
      <button
        ref={moreRef}
        type="button"
        className="nav-item"
        aria-haspopup="menu"
        aria-expanded={moreOpen}
        onClick={() => setMoreOpen((o) => !o)}
      >
        <Icon name="more" />
        <span>{ko.shell.more}</span>
      </button>
      <button type="button" className="nav-item nav-wide-only" onClick={toggle} aria-pressed={isFullscreen}>
        <Icon name={isFullscreen ? 'exitFullscreen' : 'fullscreen'} />
        <span>{isFullscreen ? ko.common.exitFullscreen : ko.common.fullscreen}</span>
      </button>
      {moreOpen && (
        <MoreMenu
          anchor={moreRef.current}
          loggedIn={loggedIn}
          onClose={() => setMoreOpen(false)}
          onCollapse={onCollapse}
          onOpenTracker={onOpenTracker}
        />
      )}
    </nav>
  );
}
