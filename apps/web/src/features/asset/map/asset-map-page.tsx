import { useMemo, useState } from 'react';
import { Button, Card, Form, Select, Space, Tooltip } from 'antd';
import { BorderOutlined, ClearOutlined, ReloadOutlined } from '@ant-design/icons';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { ASSET_CATEGORY_ROOT, ASSET_RESOURCE, PERM } from '@district/shared';
import { AssetMap, type TileHelp } from '@/components/map/asset-map';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { useSessionStore } from '@/lib/session-store';
import { CategorySelect } from '@/components/category-select/category-select';
import { DepartSelect } from '@/components/pickers/depart-select';
import { fetchMapPoints, STATUS_OPTIONS, type MapFilters } from './map-api';
import { PointDetailsDrawer } from './point-details-drawer';
import { LiveAlarmPanel } from '@/features/iot/public';

const EMPTY: never[] = [];
const F = ASSET_RESOURCE.fields;

/** 地图视图: every asset with coordinates as a point, filtered by category, status, department and a drawn box. */
const NO_FILTERS: MapFilters = { status: [] };
const pointsQuery = (filters: MapFilters) => ({
  queryKey: ['asset-map-points', filters],
  queryFn: () => fetchMapPoints(filters),
  // Fresh for half a minute: the first render's prefetch is not asked again at mount (刷新 always asks).
  staleTime: 30_000,
});

/**
 * How the map's no-tiles notice speaks to this user: whoever may open 平台设置 is told where to set a tile
 * server up, with a link; a platform administrator without that right is told where, without a link; others
 * read a neutral notice.
 */
function useTileHelp(): TileHelp {
  const can = useHasPermission();
  const platformAdmin = useSessionStore((s) => s.isPlatformAdmin);
  if (can(PERM.platformView)) return 'admin-link';
  return platformAdmin ? 'admin' : 'neutral';
}

export function AssetMapPage() {
  const tileHelp = useTileHelp();
  // The points are asked for while the page first renders, not after its first commit (a few hundred ms
  // later, the page's widgets being heavy to mount): the map is drawn sooner.
  usePrefetchQuery(pointsQuery(NO_FILTERS));
  const [filters, setFilters] = useState<MapFilters>(NO_FILTERS);
  const [selecting, setSelecting] = useState(false);
  const [pointId, setPointId] = useState<string | null>(null);
  const query = useQuery({ ...pointsQuery(filters), placeholderData: (previous) => previous });
  const points = query.data ?? EMPTY;
  // Fit again when the filters change, but not when a box narrows them (the user is looking right there).
  const fitKey = useMemo(
    () => JSON.stringify([filters.categoryId, filters.status, filters.ownerDepartId]),
    [filters.categoryId, filters.status, filters.ownerDepartId],
  );
  const set = (patch: Partial<MapFilters>) => setFilters((f) => ({ ...f, ...patch }));

  return (
    <Card>
      <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item label={F.categoryId.title}>
          <CategorySelect
            pcode={ASSET_CATEGORY_ROOT}
            value={filters.categoryId ?? ''}
            onChange={(v) => set({ categoryId: v || undefined })}
            placeholder="全部分类"
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item label={F.status.title}>
          <Select
            mode="multiple"
            allowClear
            placeholder="全部状态"
            options={STATUS_OPTIONS}
            value={filters.status}
            onChange={(v: string[]) => set({ status: v })}
            style={{ minWidth: 200 }}
            maxTagCount="responsive"
            aria-label={F.status.title}
          />
        </Form.Item>
        <Form.Item label={F.ownerDepartId.title}>
          <DepartSelect
            value={filters.ownerDepartId ?? ''}
            onChange={(v) => set({ ownerDepartId: v || undefined })}
            placeholder="全部部门"
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Tooltip title="在地图上按住鼠标拖出一个矩形，只看其中的资产">
              <Button
                icon={<BorderOutlined />}
                type={selecting ? 'primary' : 'default'}
                aria-pressed={selecting}
                onClick={() => setSelecting((s) => !s)}
              >
                框选
              </Button>
            </Tooltip>
            <Button icon={<ClearOutlined />} disabled={!filters.bbox} onClick={() => set({ bbox: undefined })}>
              清除框选
            </Button>
            <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
              刷新
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <LiveAlarmPanel />
      <AssetMap
        points={points}
        // While new filters load, the previous points stay shown; the view is fitted once the new ones arrive.
        loading={query.isFetching}
        fitKey={fitKey}
        height="calc(100vh - 280px)"
        selecting={selecting}
        selectedBox={filters.bbox ?? null}
        onSelect={(bbox) => {
          setSelecting(false);
          set({ bbox });
        }}
        onPointClick={setPointId}
        tileHelp={tileHelp}
        overlay={
          <span data-testid="point-count">
            {query.isPending ? '正在加载点位…' : `共 ${points.length.toLocaleString('zh-CN')} 个点位`}
            {selecting && '（拖动鼠标框选范围）'}
          </span>
        }
      />
      <PointDetailsDrawer id={pointId} onClose={() => setPointId(null)} />
    </Card>
  );
}
