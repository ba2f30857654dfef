import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster';
import { ASSET_STATUS_ITEMS, type AssetPoint } from '@district/shared';
import { toDisplay, type BBox, type TileCrs } from './coords';

/** How many of a group's assets have one status; `status` is '' for a value outside ASSET_STATUS_ITEMS. */
export interface StatusCount {
  status: string;
  count: number;
}

/**
 * What the map draws in a view: bubbles for groups (with how many assets of each status they hold, for the
 * pie), small status-coloured circles for single assets.
 */
export type ViewItem =
  | { kind: 'cluster'; clusterId: number; lng: number; lat: number; count: number; statuses: StatusCount[] }
  | { kind: 'point'; id: string; lng: number; lat: number; status: string; categoryId: string };

/**
 * Per-status counts as flat numeric properties s0…sN (N: any other status). Flat, because supercluster copies
 * a cluster's properties shallowly from one zoom level to the next: an array would be shared and summed twice.
 */
type StatusProps = Record<`s${number}`, number>;

interface PointProps extends StatusProps {
  index: number;
}

const STATUS_KEYS = ASSET_STATUS_ITEMS.map((s) => s.value as string);
const OTHER = STATUS_KEYS.length;
const statusSlot = (status: string): number => {
  const i = STATUS_KEYS.indexOf(status);
  return i < 0 ? OTHER : i;
};

function statusCounts(props: Partial<StatusProps>): StatusCount[] {
  const out: StatusCount[] = [];
  for (let i = 0; i <= OTHER; i += 1) {
    const count = props[`s${i}`] ?? 0;
    if (count > 0) out.push({ status: STATUS_KEYS[i] ?? '', count });
  }
  return out;
}

export interface ClusterIndex {
  /** How many points were indexed (points without usable coordinates are left out). */
  size: number;
  /** Groups and single points inside a display bbox at a zoom level. */
  query(box: BBox, zoom: number): ViewItem[];
  /** The zoom at which a group falls apart (zooming a click on a bubble in). */
  expansionZoom(clusterId: number): number;
}

const valid = (lng: number, lat: number) =>
  Number.isFinite(lng) && Number.isFinite(lat) && Math.abs(lng) <= 180 && Math.abs(lat) <= 90;

/**
 * Builds the supercluster index once per data set (a few tens of ms for 10,000 points); each pan or zoom
 * then only queries it, which is what keeps the map fluid. Coordinates are converted for the tile source here,
 * once, not per frame.
 */
export function buildClusterIndex(points: readonly AssetPoint[], crs: TileCrs, radius = 60): ClusterIndex {
  const usable = points.filter((p) => valid(p[1], p[2]));
  const shown = usable.map((p) => toDisplay([p[1], p[2]], crs));
  const features: PointFeature<PointProps>[] = shown.map((coordinates, index) => ({
    type: 'Feature',
    properties: { index, [`s${statusSlot(usable[index]![3])}`]: 1 },
    geometry: { type: 'Point', coordinates },
  }));
  const index = new Supercluster<PointProps, StatusProps>({
    radius,
    maxZoom: 17,
    minPoints: 3,
    // Each group carries how many of its assets have each status (the bubble's pie).
    map: (p) => {
      const out: StatusProps = {};
      for (let i = 0; i <= OTHER; i += 1) out[`s${i}`] = p[`s${i}`] ?? 0;
      return out;
    },
    reduce: (acc, p) => {
      for (let i = 0; i <= OTHER; i += 1) acc[`s${i}`] = (acc[`s${i}`] ?? 0) + (p[`s${i}`] ?? 0);
    },
  });
  index.load(features);
  return {
    size: usable.length,
    query(box, zoom) {
      const z = Math.max(0, Math.min(20, Math.round(zoom)));
      // supercluster wants longitudes within ±180; a view wider than the world asks for all of it.
      const west = box[2] - box[0] >= 360 ? -180 : Math.max(-180, box[0]);
      const east = box[2] - box[0] >= 360 ? 180 : Math.min(180, box[2]);
      const south = Math.max(-85, box[1]);
      const north = Math.min(85, box[3]);
      return index.getClusters([west, south, east, north], z).map((f): ViewItem => {
        const [lng, lat] = f.geometry.coordinates as [number, number];
        const props = f.properties as Partial<ClusterProperties> & Partial<PointProps>;
        if (props.cluster) {
          return {
            kind: 'cluster',
            clusterId: props.cluster_id ?? 0,
            lng,
            lat,
            count: props.point_count ?? 0,
            statuses: statusCounts(props),
          };
        }
        // Single points keep their exact coordinates (supercluster's projection rounds them slightly).
        const i = props.index ?? 0;
        const p = usable[i]!;
        const [x, y] = shown[i]!;
        return { kind: 'point', id: p[0], lng: x, lat: y, status: p[3], categoryId: p[4] };
      });
    },
    expansionZoom(clusterId) {
      return index.getClusterExpansionZoom(clusterId);
    },
  };
}
