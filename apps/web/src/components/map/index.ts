export {
  AssetMap,
  MAP_SETTINGS_PATH,
  NO_TILES_NOTICE,
  statusColor,
  type AssetMapProps,
  type TileHelp,
} from './asset-map';
export { buildClusterIndex, type ClusterIndex, type StatusCount, type ViewItem } from './cluster';
export { DISTRICT_BASE } from './district-base';
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
