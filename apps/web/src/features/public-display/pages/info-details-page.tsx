import { lazy, Suspense, useMemo } from 'react';
import { Button, Col, Descriptions, Result, Row, Skeleton, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import {
  ASSET_MESSAGES,
  ASSET_RESOURCE,
  ASSET_STATUS_ITEMS,
  PUBLIC_DISPLAY_PATH,
  type AssetPoint,
} from '@district/shared';
import { ImageSwiper } from '@/components/image-swiper/image-swiper';
import { errorMessage } from '@/lib/errors';
import { Panel } from '../components/panel';
import { PublicShell } from '../components/public-shell';
import { fetchPublicDetail, formatArea, isNotFound } from '../api/public-api';
import '../components/public-display.css';

const F = ASSET_RESOURCE.fields;

const AssetMap = lazy(() => import('@/components/map/asset-map').then((m) => ({ default: m.AssetMap })));

function NotFound() {
  return (
    <Result
      status="404"
      title={ASSET_MESSAGES.publicNotFound}
      subTitle="请从资产一览中选择已发布的资产"
      extra={
        <Link to={PUBLIC_DISPLAY_PATH}>
          <Button type="primary">返回资产一览</Button>
        </Link>
      }
    />
  );
}

/** One published asset's public page (`?id=`): its public fields, images and point. */
export function InfoDetailsPage() {
  return (
    <PublicShell>
      <InfoDetails />
    </PublicShell>
  );
}

function InfoDetails() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const query = useQuery({
    queryKey: ['public-asset', id],
    queryFn: () => fetchPublicDetail(id),
    enabled: id !== '',
    retry: false,
  });
  const a = query.data;
  const points = useMemo<AssetPoint[]>(
    () =>
      a && a.longitude !== null && a.latitude !== null ? [[a.id, a.longitude, a.latitude, a.status ?? '', '']] : [],
    [a],
  );
  // The server sanitises rich text; sanitising again here keeps a page that renders HTML safe on its own.
  const description = useMemo(() => (a?.description ? DOMPurify.sanitize(a.description) : ''), [a]);

  let body;
  if (id === '' || (query.isError && isNotFound(query.error))) body = <NotFound />;
  else if (query.isError)
    body = (
      <Result
        status="error"
        title="资产读取失败"
        subTitle={errorMessage(query.error, '请稍后重试')}
        extra={<Button onClick={() => void query.refetch()}>重试</Button>}
      />
    );
  else if (!a) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else {
    const status = ASSET_STATUS_ITEMS.find((s) => s.value === a.status);
    body = (
      <>
        <Row gutter={[24, 24]}>
          <Col xs={24} md={12}>
            <ImageSwiper images={a.images} name={a.name} height={320} />
          </Col>
          <Col xs={24} md={12}>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={F.code.title}>{a.code}</Descriptions.Item>
              <Descriptions.Item label={F.categoryId.title}>{a.categoryName}</Descriptions.Item>
              <Descriptions.Item label={F.status.title}>
                <Tag color={status?.color}>{a.statusText ?? status?.text}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={F.useNature.title}>{a.useNatureText}</Descriptions.Item>
              <Descriptions.Item label={F.address.title}>{a.address}</Descriptions.Item>
              <Descriptions.Item label="面积">{formatArea(a.area)}</Descriptions.Item>
              <Descriptions.Item label={F.publishTime.title}>{a.publishTime}</Descriptions.Item>
            </Descriptions>
          </Col>
        </Row>
        {description && (
          <Panel title={F.description.title}>
            <div className="public-description" dangerouslySetInnerHTML={{ __html: description }} />
          </Panel>
        )}
        {points.length > 0 && (
          <Panel title="位置">
            <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 280 }} />}>
              <AssetMap points={points} height={280} legend={false} />
            </Suspense>
          </Panel>
        )}
      </>
    );
  }

  return (
    <Panel
      title={a?.name ?? '资产详情'}
      extra={
        <Link to={PUBLIC_DISPLAY_PATH}>
          <ArrowLeftOutlined /> 返回
        </Link>
      }
    >
      {body}
    </Panel>
  );
}
