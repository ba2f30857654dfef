import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import L from 'leaflet';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { Link } from 'react-router';
import 'leaflet/dist/leaflet.css';
import { ASSET_STATUS_ITEMS, type AssetPoint } from '@district/shared';
import { BaseLayer } from './base-layer';
import { buildClusterIndex, type ClusterIndex } from './cluster';
import { bubbleSize, clusterIconHtml, clusterTitle, statusColor } from './cluster-icon';
import { boundsOf, displayBoxToStored, toDisplay, type BBox, type TileCrs } from './coords';
import { DISTRICT_BASE } from './district-base';
import { useMapBase, useMapConfig, type MapConfig } from './map-settings';
import './asset-map.css';

/** What the public and ordinary users read when there are no tiles: neutral, nothing to configure. */
export const NO_TILES_NOTICE = '在线底图不可用，显示区域示意图';
/** The platform settings page, where 地图设置 lives. */
export const MAP_SETTINGS_PATH = '/system/platform';
export { statusColor };

/**
 * Who reads the no-tiles notice: 'neutral' (the public, ordinary users), 'admin' (told how to configure a tile
 * server) or 'admin-link' (the same, with a link: the user may open 平台设置).
 */
export type TileHelp = 'neutral' | 'admin' | 'admin-link';

export interface AssetMapProps {
  points: readonly AssetPoint[];
  onPointClick?: (id: string) => void;
  /** Settings to use instead of the platform's (tests, previews). */
  settings?: MapConfig;
  height?: CSSProperties['height'];
  /** While true a drag draws a rectangle instead of panning; the box is reported in GCJ-02. */
  selecting?: boolean;
  onSelect?: (box: BBox) => void;
  /** The box currently filtering the points (GCJ-02), outlined on the map. */
  selectedBox?: BBox | null;
  /** The view is fitted to the points again whenever this changes (and once the first data arrives). */
  fitKey?: string;
  /** Whether the data is still loading (no fitting to an empty set meanwhile). */
  loading?: boolean;
  /** Zoom for a single point. */
  pointZoom?: number;
  legend?: boolean;
  /** Drawn over the map's top-left corner (a count, a hint). */
  overlay?: ReactNode;
  /** The legend's heading (its counts are of the points on the map). */
  legendTitle?: string;
  /** How the no-tiles notice speaks: see TileHelp (the page decides from the user's rights). */
  tileHelp?: TileHelp;
}

/**
 * The asset map: GCJ-02 points clustered with supercluster and drawn on Leaflet's canvas renderer, a
 * status legend, and a schematic of the district (base-layer.ts) when there are no tiles (no URL configured, or
 * they fail to load).
 */
export function AssetMap({
  points,
  onPointClick,
  settings: given,
  height = 520,
  selecting = false,
  onSelect,
  selectedBox = null,
  fitKey = '',
  loading = false,
  pointZoom = 16,
  legend = true,
  overlay,
  legendTitle = '地图点位',
  tileHelp = 'neutral',
}: AssetMapProps) {
  const platform = useMapConfig();
  const settings = given ?? platform;
  const [tilesFailed, setTilesFailed] = useState(false);
  const loadedTiles = useRef(0);
  const crs: TileCrs = settings.crs;
  const showTiles = settings.tileUrl !== '' && !tilesFailed;
  // The office's own base when it stored one (asked for only when there are no tiles), else the shipped one.
  const officeBase = useMapBase(!showTiles);
  const index = useMemo(() => buildClusterIndex(points, crs), [points, crs]);
  const center = toDisplay(settings.center, crs);

  useEffect(() => {
    setTilesFailed(false);
    loadedTiles.current = 0;
  }, [settings.tileUrl]);

  return (
    <div className={`asset-map${showTiles ? '' : ' asset-map-plain'}`} style={{ height }} data-testid="asset-map">
      <MapContainer
        center={[center[1], center[0]]}
        zoom={settings.zoom}
        preferCanvas
        worldCopyJump={false}
        attributionControl={showTiles}
        style={{ height: '100%', width: '100%' }}
      >
        {showTiles && (
          <TileLayer
            // The map service key goes into {key} of the template (React reserves a `key` prop).
            url={settings.tileUrl.replaceAll('{key}', encodeURIComponent(settings.key))}
            attribution={settings.attribution}
            key={settings.tileUrl}
            eventHandlers={{
              tileload: () => {
                loadedTiles.current += 1;
              },
              // Tiles that never load (offline intranet, wrong URL) would leave a grey void: fall back to the grid.
              tileerror: () => {
                if (loadedTiles.current === 0) setTilesFailed(true);
              },
            }}
          />
        )}
        {!showTiles && <BaseLayer crs={crs} data={officeBase ?? DISTRICT_BASE} />}
        <ClusterLayer index={index} onPointClick={onPointClick} />
        <FitView
          points={points}
          crs={crs}
          fitKey={fitKey}
          loading={loading}
          districtBox={settings.districtBox}
          pointZoom={pointZoom}
        />
        <BoxSelect active={selecting} crs={crs} onSelect={onSelect} />
        <SelectedBox box={selectedBox} crs={crs} />
      </MapContainer>
      {/* The count and the notice stack in one corner box, so on a narrow phone they wrap instead of overlapping. */}
      {(overlay || !showTiles) && (
        <div className="asset-map-top">
          {overlay && <div className="asset-map-overlay">{overlay}</div>}
          {!showTiles && (
            <div className="asset-map-notice" role="status">
              <TilesNotice help={tileHelp} configured={settings.tileUrl !== ''} />
            </div>
          )}
        </div>
      )}
      {legend && <StatusLegend points={points} title={legendTitle} />}
    </div>
  );
}

/** Why there is no base map, and for an administrator where to set one up. */
function TilesNotice({ help, configured }: { help: TileHelp; configured: boolean }) {
  if (help === 'neutral') return <>{NO_TILES_NOTICE}</>;
  const where =
    help === 'admin-link' ? <Link to={MAP_SETTINGS_PATH}>平台设置 → 地图设置</Link> : <span>平台设置 → 地图设置</span>;
  return configured ? (
    <>地图瓦片加载失败，当前显示区域示意图：请检查 {where} 中的瓦片地址</>
  ) : (
    <>未配置地图底图：请在 {where} 中填写瓦片地址</>
  );
}

function StatusLegend({ points, title }: { points: readonly AssetPoint[]; title: string }) {
  const counts = useMemo(() => {
    const c = new Map<string, number>();
    for (const p of points) c.set(p[3], (c.get(p[3]) ?? 0) + 1);
    return c;
  }, [points]);
  return (
    <div className="asset-map-legend">
      <div className="asset-map-legend-title">{title}</div>
      <ul aria-label="图例">
        {ASSET_STATUS_ITEMS.map((s) => (
          <li key={s.value}>
            <span className="asset-map-legend-dot" style={{ background: s.color }} />
            {s.text}
            <span className="asset-map-legend-count">{(counts.get(s.value) ?? 0).toLocaleString('zh-CN')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Redraws only what the view shows after each pan or zoom; everything else stays in the index. */
function ClusterLayer({ index, onPointClick }: { index: ClusterIndex; onPointClick?: (id: string) => void }) {
  const map = useMap();
  const clickRef = useRef(onPointClick);
  clickRef.current = onPointClick;

  useEffect(() => {
    const layer = L.layerGroup().addTo(map);
    const draw = () => {
      layer.clearLayers();
      const b = map.getBounds();
      const items = index.query([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], map.getZoom());
      for (const item of items) {
        if (item.kind === 'cluster') {
          const size = bubbleSize(item.count);
          const marker = L.marker([item.lat, item.lng], {
            icon: L.divIcon({
              className: 'asset-map-cluster',
              html: clusterIconHtml(item.count, item.statuses),
              iconSize: [size, size],
            }),
            title: clusterTitle(item.count, item.statuses),
            keyboard: false,
          });
          marker.on('click', () => {
            map.setView([item.lat, item.lng], Math.min(index.expansionZoom(item.clusterId), map.getMaxZoom()));
          });
          layer.addLayer(marker);
        } else {
          const dot = L.circleMarker([item.lat, item.lng], {
            radius: 6,
            color: '#ffffff',
            weight: 1.5,
            fillColor: statusColor(item.status),
            fillOpacity: 0.95,
          });
          dot.on('click', () => clickRef.current?.(item.id));
          layer.addLayer(dot);
        }
      }
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      layer.remove();
    };
  }, [map, index]);
  return null;
}

function FitView({
  points,
  crs,
  fitKey,
  loading,
  districtBox,
  pointZoom,
}: {
  points: readonly AssetPoint[];
  crs: TileCrs;
  fitKey: string;
  loading: boolean;
  districtBox: BBox | null;
  pointZoom: number;
}) {
  const map = useMap();
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (loading || fitted.current === fitKey) return;
    // The first fit jumps (the map has just appeared); later ones, after a filter change, glide.
    const animate = fitted.current !== null;
    fitted.current = fitKey;
    const box = boundsOf(points.map((p) => toDisplay([p[1], p[2]], crs))) ?? districtDisplayBox(districtBox, crs);
    if (!box) return;
    if (box[0] === box[2] && box[1] === box[3]) {
      map.setView([box[1], box[0]], pointZoom, { animate });
      return;
    }
    map.fitBounds(
      [
        [box[1], box[0]],
        [box[3], box[2]],
      ],
      { padding: [24, 24], maxZoom: pointZoom, animate },
    );
  }, [map, points, crs, fitKey, loading, districtBox, pointZoom]);
  return null;
}

function districtDisplayBox(box: BBox | null, crs: TileCrs): BBox | null {
  if (!box) return null;
  const [a, b] = toDisplay([box[0], box[1]], crs);
  const [c, d] = toDisplay([box[2], box[3]], crs);
  return [a, b, c, d];
}

/** Drag a rectangle with the mouse (no plugin): panning is off while the tool is active. */
function BoxSelect({ active, crs, onSelect }: { active: boolean; crs: TileCrs; onSelect?: (box: BBox) => void }) {
  const map = useMap();
  const selectRef = useRef(onSelect);
  selectRef.current = onSelect;

  useEffect(() => {
    if (!active) return;
    const container = map.getContainer();
    map.dragging.disable();
    container.classList.add('asset-map-selecting');
    let start: L.LatLng | null = null;
    let rect: L.Rectangle | null = null;
    const down = (e: L.LeafletMouseEvent) => {
      start = e.latlng;
      rect = L.rectangle(L.latLngBounds(start, start), { weight: 1, dashArray: '4 4', interactive: false }).addTo(map);
    };
    const move = (e: L.LeafletMouseEvent) => {
      if (start && rect) rect.setBounds(L.latLngBounds(start, e.latlng));
    };
    const up = (e: L.LeafletMouseEvent) => {
      if (!start) return;
      const b = L.latLngBounds(start, e.latlng);
      start = null;
      rect?.remove();
      rect = null;
      // A click without a drag selects nothing.
      if (b.getWest() === b.getEast() || b.getSouth() === b.getNorth()) return;
      selectRef.current?.(displayBoxToStored([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], crs));
    };
    map.on('mousedown', down);
    map.on('mousemove', move);
    map.on('mouseup', up);
    return () => {
      map.off('mousedown', down);
      map.off('mousemove', move);
      map.off('mouseup', up);
      rect?.remove();
      map.dragging.enable();
      container.classList.remove('asset-map-selecting');
    };
  }, [map, active, crs]);
  return null;
}

function SelectedBox({ box, crs }: { box: BBox | null; crs: TileCrs }) {
  const map = useMap();
  useEffect(() => {
    const display = districtDisplayBox(box, crs);
    if (!display) return;
    const rect = L.rectangle(
      [
        [display[1], display[0]],
        [display[3], display[2]],
      ],
      { weight: 2, color: '#1677ff', fill: false, dashArray: '6 4', interactive: false },
    ).addTo(map);
    return () => {
      rect.remove();
    };
  }, [map, box, crs]);
  return null;
}
