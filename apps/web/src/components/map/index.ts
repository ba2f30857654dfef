export { AssetMap, NO_TILES_NOTICE, statusColor, type AssetMapProps } from './asset-map';
export { buildClusterIndex, type ClusterIndex, type ViewItem } from './cluster';
export {
  bboxParam,
  boundsOf,
  displayBoxToStored,
  fromDisplay,
  toDisplay,
  type BBox,
  type LngLat,
  type TileCrs,
} from './coords';
export { DEFAULT_MAP_CONFIG, parseMapConfig, useMapConfig, type MapConfig } from './map-settings';
