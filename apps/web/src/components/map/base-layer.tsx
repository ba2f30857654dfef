import { useEffect } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import type { FeatureCollection, Geometry } from 'geojson';
import { toDisplay, type TileCrs } from './coords';
import { DISTRICT_BASE, type BaseKind } from './district-base';

/** Leaflet pane of the offline base: above where tiles go (200), under the points' overlay pane (400). */
export const BASE_PANE = 'asset-base';

const STYLE: Record<Exclude<BaseKind, 'label'>, L.PathOptions> = {
  district: { color: '#7c9cc4', weight: 2, dashArray: '6 4', fillColor: '#e8f0fa', fillOpacity: 0.6 },
  ring: { color: '#c8ced8', weight: 4, fill: false },
  road: { color: '#d3d8e0', weight: 3, fill: false },
  river: { color: '#91c3f0', weight: 5, fill: false, lineCap: 'round' },
};

function styleOf(kind: unknown, geometry: Geometry['type'] | undefined): L.PathOptions {
  if (typeof kind === 'string' && kind in STYLE) return STYLE[kind as keyof typeof STYLE];
  // An office's own data without our `kind`: areas as the district, lines as roads.
  return geometry === 'Polygon' || geometry === 'MultiPolygon' ? STYLE.district : STYLE.road;
}

/**
 * The schematic base drawn under the points when there are no tiles (district-base.ts, or the data given):
 * SVG in a pane of its own so it always lies below the points' canvas, never clickable.
 */
export function BaseLayer({ crs, data = DISTRICT_BASE }: { crs: TileCrs; data?: FeatureCollection }) {
  const map = useMap();
  useEffect(() => {
    const pane = map.getPane(BASE_PANE) ?? map.createPane(BASE_PANE);
    pane.style.zIndex = '350';
    pane.style.pointerEvents = 'none';
    const renderer = L.svg({ pane: BASE_PANE });
    const layer = L.geoJSON(data, {
      pane: BASE_PANE,
      interactive: false,
      // The renderer rides on the style: Leaflet applies it before the layer is added.
      style: (f) => ({ ...styleOf(f?.properties?.kind, f?.geometry.type), renderer, interactive: false }),
      coordsToLatLng: (c) => {
        const [lng, lat] = toDisplay([c[0]!, c[1]!], crs);
        return L.latLng(lat, lng);
      },
      pointToLayer: (f, at) =>
        L.marker(at, {
          pane: BASE_PANE,
          interactive: false,
          keyboard: false,
          icon: L.divIcon({
            className: 'asset-map-base-label',
            html: `<span>${String((f.properties as { name?: unknown } | null)?.name ?? '').replace(/[<>&"]/g, '')}</span>`,
            iconSize: [0, 0],
          }),
        }),
    }).addTo(map);
    return () => {
      layer.remove();
      renderer.remove();
    };
  }, [map, crs, data]);
  return null;
}
