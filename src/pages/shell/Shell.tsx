import { useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { undoOnShortcut } from '../../data';
import { useKeydown } from '../../ui/use-keydown';
import { Icon } from '../../ui/icons';
import { applyTheme } from '../../ui/theme';
import { MapStage } from '../../map/MapStage';
import { EngineContext } from '../../map/engine-context';
import { isMapRoute } from '../../map-routes';
import { useLogoutAction, useNavCollapsed, useSessionUser, useThemePreference } from '../session';
import { TrackerHost } from './TrackerHost';
import { hasTrackerSession } from '../../tracker/session-key';
import { SideNav } from './SideNav';
import { isStaff } from '../../data';
import { SyncStatus } from './SyncStatus';
import { UpdateNotice } from '../../pwa/UpdateNotice';
import { ShortcutsDialog } from './ShortcutsDialog';
import { VisitorMergeDialog } from './VisitorMergeDialog';
import { ShellContext, type ShellActions } from './shell-context';
import type { MapEngine } from '../../engine';
import { ko } from '../../i18n/ko';

/** The shell (SPEC §2 "/"): side navigation, the map kept alive behind the pages, the tracker dialog. */
export default function Shell() {
  const { pathname } = useLocation();
  const me = useSessionUser();
  const [theme, setTheme] = useThemePreference();
  const logout = useLogoutAction();
  const [navCollapsed, setNavCollapsed] = useNavCollapsed();
  const [trackerOpen, setTrackerOpen] = useState(false);
  const [engine, setEngine] = useState<MapEngine | null>(null);
  const onMap = isMapRoute(pathname);
  // The map mounts on the first visit to a map route and then stays, so returning to it is instant.
  const [mapWanted, setMapWanted] = useState(onMap);
  if (onMap && !mapWanted) setMapWanted(true);

  useEffect(() => applyTheme(theme), [theme]);
  useKeydown(undoOnShortcut, { on: 'window' });
  const openTracker = useCallback(() => setTrackerOpen(true), []);
  // A reload keeps the tracker: the tab remembered its target, so connect again (the tracker code loads only then).
  useEffect(() => {
    if (hasTrackerSession()) void import('../../tracker/app-link').then((m) => m.resumeTrackerSession());
  }, []);

  const actions = useMemo<ShellActions>(
    () => ({ theme, setTheme, logout, openTracker, navCollapsed, setNavCollapsed }),
    [theme, setTheme, logout, openTracker, navCollapsed, setNavCollapsed],
  );

  return (
    <ShellContext.Provider value={actions}>
      <EngineContext.Provider value={engine}>
        <a className="skip-link" href="#main">
          {ko.shell.skipToMain}
        </a>
        <div className="shell" data-nav={navCollapsed ? 'collapsed' : 'expanded'}>
          <SideNav loggedIn={!!me} staff={isStaff(me)} onCollapse={() => setNavCollapsed(true)} onOpenTracker={openTracker} />
          <main id="main" className="shell-main" tabIndex={-1}>
            {mapWanted && <MapStage hidden={!onMap} onEngine={setEngine} />}
            <Outlet />
          </main>
        </div>
        {navCollapsed && (
          <button
            type="button"
            className="icon-btn nav-expand"
            onClick={() => setNavCollapsed(false)}
            aria-label={ko.shell.expandNav}
            title={ko.shell.expandNav}
          >
            <Icon name="panelLeft" />
          </button>
        )}
        <TrackerHost open={trackerOpen} onClose={() => setTrackerOpen(false)} />
        <SyncStatus />
        <UpdateNotice />
        <ShortcutsDialog />
        {me && <VisitorMergeDialog />}
      </EngineContext.Provider>
    </ShellContext.Provider>
  );
}
