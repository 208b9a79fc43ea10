import type { ReactNode } from 'react';
import { useKeydown } from '../../ui/use-keydown';
import { copyShareLink } from '../../map/share-link';
import { Icon, type IconName } from '../../ui/icons';
import { chooseTool, currentTool, endTool } from '../../state';
import { FloorSelector } from './FloorSelector';
import { useSettings } from '../session';
import { ko } from '../../i18n/ko';
import { useMapSnapshot } from '../../map/use-engine-snapshot';
import { openRoutePlanner } from '../../map/route/RoutePanel';
import { flyToNearest } from '../../map/route/route-state';

const t = ko.map;

function ToolButton({
  icon,
  label,
  shortcut,
  pressed,
  onClick,
}: {
  icon: IconName;
  label: string;
  shortcut?: string;
  pressed?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="tool-btn"
      aria-pressed={pressed}
      onClick={onClick}
      title={shortcut ? `${label} (${shortcut})` : label}
      aria-keyshortcuts={shortcut}
    >
      <Icon name={icon} />
      <span className="tool-label">
        {label}
        {shortcut && (
          <kbd className="tool-key" aria-hidden>
            {shortcut}
          </kbd>
        )}
      </span>
    </button>
  );
}

/**
 * The map's tools (with `children` below them): floor picker, selection tools (range, lasso, route), pin size
 * and share link. Which tool is on is the engine's (its snapshot's `tool`); a button asks for one through map-commands.
 */
export function MapToolbar({ children }: { children?: ReactNode }) {
  const [settings, updateSettings] = useSettings();
  const tool = useMapSnapshot((s) => s?.tool ?? 'pan');
  // Pressing the active tool again ends the selection like the banner does: the page then asks what to do. The tool
  // on is map-commands' (a tool chosen while the map still starts waits there; the snapshot says 'pan' until then).
  const startRange = (shape: 'rect' | 'lasso') => (currentTool() === shape ? endTool() : chooseTool(shape));
  const startRoute = () => (currentTool() === 'route' ? endTool() : chooseTool('route'));
  const nearest = () => void flyToNearest();
  // One-letter shortcuts for the tools (shown in their tooltips); not while typing.
  useKeydown((e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    if ((e.target as HTMLElement | null)?.closest('input, textarea, select, [contenteditable="true"]')) return;
    const k = e.key.toLowerCase();
    if (k === 'r') startRange('rect');
    else if (k === 'l') startRange('lasso');
    else if (k === 'p') startRoute();
    else if (k === 'n') nearest();
  });
  return (
    <div className="map-dock">
      <div className="map-toolbar" role="toolbar" aria-label={t.toolbar}>
        <FloorSelector />
        <div className="tool-group">
          <ToolButton icon="square" label={t.tools.rect} shortcut="R" pressed={tool === 'rect'} onClick={() => startRange('rect')} />
          <ToolButton icon="lasso" label={t.tools.lasso} shortcut="L" pressed={tool === 'lasso'} onClick={() => startRange('lasso')} />
          <ToolButton icon="route" label={t.tools.route} shortcut="P" pressed={tool === 'route'} onClick={startRoute} />
        </div>
        <div className="tool-group">
          <ToolButton icon="flag" label={ko.route.open} onClick={openRoutePlanner} />
          <ToolButton icon="crosshair" label={ko.route.nearest} shortcut="N" onClick={nearest} />
        </div>
        <div className="tool-group">
          <ToolButton
            icon="pinSize"
            label={settings.pinSize === 'large' ? t.largePinsOn : t.largePins}
            pressed={settings.pinSize === 'large'}
            onClick={() => updateSettings({ pinSize: settings.pinSize === 'large' ? 'default' : 'large' })}
          />
          <ToolButton icon="share" label={ko.common.shareLink} onClick={() => void copyShareLink()} />
        </div>
      </div>
      {/* Below the tools: what explains them (the first-visit hint). */}
      {children}
    </div>
  );
}
