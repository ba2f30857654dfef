import { Alert, Descriptions, Drawer, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ASSET_RESOURCE, ASSET_ROUTES, ASSET_STATUS_ITEMS } from '@district/shared';
import { ImageSwiper } from '@/components/image-swiper/image-swiper';
import { errorMessage } from '@/lib/errors';
import { fetchPointAsset, type PointAsset } from './map-api';

export const POINT_DETAILS_TITLE = '点位详情';

const F = ASSET_RESOURCE.fields;

const label = (a: PointAsset, named: string, field: string): string => {
  const v = a[named] ?? a[`${field}_dictText`] ?? a[field];
  return v === null || v === undefined ? '' : String(v);
};

const AREA = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });

/** 点位详情: the clicked point's asset in a right-side panel, its images and the way to its full details. */
export function PointDetailsDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const query = useQuery({
    queryKey: ['asset-point', id],
    queryFn: () => fetchPointAsset(id!),
    enabled: !!id,
  });
  const a = query.data;
  const status = a ? ASSET_STATUS_ITEMS.find((s) => s.value === a.status) : undefined;
  return (
    <Drawer title={POINT_DETAILS_TITLE} open={!!id} onClose={onClose} size={420} destroyOnHidden>
      {query.isPending && <Skeleton active />}
      {query.isError && <Alert type="error" showIcon title={errorMessage(query.error, '资产读取失败')} />}
      {a && (
        <>
          <ImageSwiper images={a.images} name={a.name} />
          <Descriptions column={1} size="small" style={{ marginTop: 16 }} bordered>
            <Descriptions.Item label={F.name.title}>{a.name}</Descriptions.Item>
            <Descriptions.Item label={F.code.title}>{a.code}</Descriptions.Item>
            <Descriptions.Item label={F.status.title}>
              <Tag color={status?.color}>{label(a, 'statusText', 'status') || status?.text}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={F.categoryId.title}>{label(a, 'categoryName', 'categoryId')}</Descriptions.Item>
            <Descriptions.Item label={F.address.title}>{a.address}</Descriptions.Item>
            <Descriptions.Item label="面积">
              {a.area === null || a.area === undefined ? '' : `${AREA.format(Number(a.area))} m²`}
            </Descriptions.Item>
            <Descriptions.Item label={F.ownerDepartId.title}>
              {label(a, 'ownerDepartName', 'ownerDepartId')}
            </Descriptions.Item>
          </Descriptions>
          <div style={{ marginTop: 16, textAlign: 'right' }}>
            <Link to={`${ASSET_ROUTES.details}?id=${encodeURIComponent(a.id)}`}>查看详情</Link>
          </div>
        </>
      )}
    </Drawer>
  );
}
