import { useKeydown } from '../ui/use-keydown';
import { MapMode } from '../engine';
import { ko } from '../i18n/ko';
import { PressButton } from '../ui/PressButton';

export interface ModeBannerProps {
  mode: MapMode;
  /** Pins chosen so far (range and route selection). */
  selectedCount: number;
  /** ESC or a press on the banner: the page asks to apply the action, or just leaves the mode. */
  onEnd: () => void;
}

const LABELS: Record<MapMode, string> = {
  [MapMode.Default]: '',
  [MapMode.LocationSelection]: ko.modeLocation,
  [MapMode.RangeSelection]: ko.modeRange,
  [MapMode.RouteSelection]: ko.modeRoute,
};

/** The banner of a selection mode: what to do, how many pins are chosen; ESC or a press ends it. */
export function ModeBanner({ mode, selectedCount, onEnd }: ModeBannerProps) {
  useKeydown((e) => e.key === 'Escape' && onEnd(), { enabled: mode !== MapMode.Default });
  if (mode === MapMode.Default) return null;
  const counts = mode === MapMode.RangeSelection || mode === MapMode.RouteSelection;
  return (
    <PressButton className="map-mode-banner" onPress={onEnd} aria-live="polite">
      <span>{LABELS[mode]}</span>
      {counts && <strong className="map-mode-count">{ko.modeSelected(selectedCount)}</strong>}
      <span className="map-mode-hint map-mode-hint-key">{ko.modeEndHint}</span>
      <span className="map-mode-hint map-mode-hint-touch">{ko.modeEndHintTouch}</span>
    </PressButton>
  );
}
