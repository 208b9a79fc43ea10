// The React side of the map.
export { MapView, type MapViewProps } from './MapView';
export { useEngineSnapshot, useMapSnapshot } from './use-engine-snapshot';
export { ModeBanner, type ModeBannerProps } from './ModeBanner';
