// The React side of the map.
export { MapView, type MapViewProps } from './MapView';
export { useEngineSnapshot } from './use-engine-snapshot';
export { ModeBanner, type ModeBannerProps } from './ModeBanner';
