import { useState } from 'react';
import { regionById } from '../../../common/regions';
import { Icon } from '../../ui/icons';
import { Footer } from '../../ui/Footer';
import { chooseTool, useStore } from '../../state';
import { RoutePanel } from '../../map/route/RoutePanel';
import { useDocumentTitle } from '../PageLayout';
import { CategoryPanel } from './CategoryPanel';
import { MapToolbar } from './MapToolbar';
import { MapToolsHint } from './MapToolsHint';
import { ko } from '../../i18n/ko';

const isPhone = () => window.matchMedia('(max-width: 767px)').matches;

/** The home page (SPEC §2 "/"): filters over the map kept by the shell. */
export default function HomePage() {
  const snap = useStore();
  const [panelOpen, setPanelOpen] = useState(() => !isPhone());
  useDocumentTitle(ko.map.regionTitle(regionById(snap.mapRegion).label));

  return (
    <>
      {/* The map tools come before the long filter list in the tab order. */}
      <MapToolbar>
        <MapToolsHint />
      </MapToolbar>
      <RoutePanel onLasso={() => chooseTool('lasso')} />
      <aside className={`map-panel ${panelOpen ? 'open' : 'closed'}`} aria-label={ko.map.filters}>
        <div className="map-panel-head">
          <button
            type="button"
            className="panel-toggle"
            aria-expanded={panelOpen}
            aria-controls="map-panel-body"
            onClick={() => setPanelOpen((o) => !o)}
          >
            <Icon name="filter" />
            <span className="panel-title">{regionById(snap.mapRegion).label}</span>
            <span className="muted small">{ko.map.categoriesOn(snap.homeFilters.categories.length)}</span>
            <Icon name={panelOpen ? 'chevronDown' : 'chevronRight'} className="panel-chevron" />
            <span className="sr-only">{panelOpen ? ko.map.closeFilters : ko.map.openFilters}</span>
          </button>
        </div>
        <div id="map-panel-body" className="map-panel-body" hidden={!panelOpen}>
          {/* On a phone the sheet covers the map: a picked region is for looking at, so it closes. */}
          <CategoryPanel onRegionPicked={() => isPhone() && setPanelOpen(false)} />
          <Footer compact />
        </div>
      </aside>
    </>
  );
}
