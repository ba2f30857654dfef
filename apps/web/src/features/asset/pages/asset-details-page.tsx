import { lazy, Suspense, useState } from 'react';
import { Button, Card, Col, Flex, Result, Row, Skeleton, Space, Table, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ASSET_MESSAGES, ASSET_RESOURCE, ASSET_ROUTES, PERM, type AssetPoint } from '@district/shared';
import { DetailList } from '@/components/detail/detail-list';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { USER_NAME_DICT } from '@/components/pickers/picker-api';
import { usePickedNames } from '@/components/pickers/use-picked-names';
import { getAreaText } from '@/components/area/area-data';
import { getAction, getFileAccessHttpUrl } from '@/lib/request';
import { DataLogCompareModal, LOG_URLS, type DataLogRecord } from '@/features/system/public';
import {
  ASSET_DATA_TABLE,
  assetQueryKey,
  fetchAssetDetail,
  fetchLedger,
  formatArea,
  formatYuan,
  ledgerQueryKey,
  pathsOf,
  type AssetRecord,
} from '../api/asset-api';
import { AssetFormModal } from '../components/asset-form-modal';
import { AssetStatusTag, PublishedTag } from '../components/asset-status-tag';
import { ImageSwiper } from '@/components/image-swiper/image-swiper';
import { LedgerEventModal } from '../components/ledger-event-modal';
import { LedgerTimeline } from '../components/ledger-timeline';
import { DepreciationSchedule } from '../depreciation/depreciation-schedule';
import { PUBLISH_TEXT, usePublish } from '../components/use-publish';
import { PickAssetHint, useDepartName } from './asset-ledger-page';

// Leaflet is only fetched when an asset with coordinates is shown.
const AssetMap = lazy(() => import('@/components/map').then((m) => ({ default: m.AssetMap })));

const F = ASSET_RESOURCE.fields;

export const ASSET_DETAILS_TEXT = {
  edit: '编辑',
  record: '登记台账事件',
  ledger: '台账详情',
  noPoint: '未设置坐标',
  images: F.images.title,
  attachments: F.attachments.title,
  noAttachments: '暂无附件',
  map: '位置',
  timeline: '台账时间线',
  versions: '数据版本',
  compare: '比较所选版本',
  pickTwo: '请选择两个版本进行比较',
  basic: '基本信息',
  location: '位置',
  value: '价值',
  description: F.description.title,
} as const;

/** Space between the detail groups: antd's last description row has no bottom padding, so a group's heading would
 *  sit right under the previous group's last row. */
export const DETAIL_GROUP_GAP = 24;

/** The details page opened without ?id= shows the same hint as the ledger page. */
export function AssetDetailsPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  if (!id) return <PickAssetHint />;
  return <AssetDetails id={id} />;
}

/** The record's data-log versions (with 数据日志 permission), two of which can be compared. */
function DataVersions({ id }: { id: string }) {
  const [selected, setSelected] = useState<string[]>([]);
  const [compare, setCompare] = useState<[string, string] | null>(null);
  const versions = useQuery({
    queryKey: ['asset-versions', id],
    queryFn: async () =>
      (await getAction<DataLogRecord[]>(LOG_URLS.versions, { dataTable: ASSET_DATA_TABLE, dataId: id })).result ?? [],
  });
  return (
    <>
      <Table<DataLogRecord>
        size="small"
        rowKey="id"
        loading={versions.isPending}
        dataSource={[...(versions.data ?? [])].reverse()}
        pagination={{ pageSize: 5, hideOnSinglePage: true }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String).slice(-2)),
        }}
        columns={[
          { title: '版本号', dataIndex: 'dataVersion', width: 80 },
          { title: '操作', dataIndex: 'action', width: 90, render: (v: string, r) => r.action_dictText || v },
          { title: '操作人', dataIndex: 'createBy', width: 110 },
          { title: '时间', dataIndex: 'createTime' },
        ]}
      />
      <Button
        size="small"
        style={{ marginTop: 8 }}
        disabled={selected.length !== 2}
        onClick={() => selected.length === 2 && setCompare([selected[0]!, selected[1]!])}
      >
        {ASSET_DETAILS_TEXT.compare}
      </Button>
      <DataLogCompareModal ids={compare} onClose={() => setCompare(null)} />
    </>
  );
}

function Attachments({ value, names }: { value: string | null; names?: Record<string, string> }) {
  const files = pathsOf(value);
  if (!files.length) return <Typography.Text type="secondary">{ASSET_DETAILS_TEXT.noAttachments}</Typography.Text>;
  return (
    <Space direction="vertical">
      {files.map((p) => (
        <a key={p} href={getFileAccessHttpUrl(p)} target="_blank" rel="noreferrer" download>
          {names?.[p] ?? p.split('/').pop()}
        </a>
      ))}
    </Space>
  );
}

function PointMap({ asset }: { asset: AssetRecord }) {
  if (asset.longitude === null || asset.latitude === null || asset.longitude === undefined) {
    return <Typography.Text type="secondary">{ASSET_DETAILS_TEXT.noPoint}</Typography.Text>;
  }
  const point: AssetPoint = [asset.id, asset.longitude, asset.latitude, asset.status, asset.categoryId];
  return (
    <>
      <div style={{ marginBottom: 8 }}>
        经度 {asset.longitude.toFixed(6)}，纬度 {asset.latitude.toFixed(6)}
      </div>
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 220 }} />}>
        <AssetMap points={[point]} height={220} legend={false} fitKey={asset.id} />
      </Suspense>
    </>
  );
}

function AssetDetails({ id }: { id: string }) {
  const allowed = useHasPermission();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [recording, setRecording] = useState(false);
  const asset = useQuery({ queryKey: assetQueryKey(id), queryFn: () => fetchAssetDetail(id) });
  const canLedger = allowed(PERM.assetLedgerList);
  const ledger = useQuery({ queryKey: ledgerQueryKey(id), queryFn: () => fetchLedger(id), enabled: canLedger });
  const departName = useDepartName(asset.data);
  const custodian = asset.data && !asset.data.custodian_dictText && asset.data.custodian ? [asset.data.custodian] : [];
  const custodianName = usePickedNames(USER_NAME_DICT, custodian).names[0];
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: assetQueryKey(id) });
    void queryClient.invalidateQueries({ queryKey: ledgerQueryKey(id) });
    void queryClient.invalidateQueries({ queryKey: ['asset-versions', id] });
  };
  const publish = usePublish(refresh);

  if (asset.isPending) return <Skeleton active />;
  if (asset.isError || !asset.data) {
    return (
      <Card>
        <Result
          status="404"
          title={ASSET_MESSAGES.notFound}
          extra={<Link to={ASSET_ROUTES.index}>前往资产索引</Link>}
        />
      </Card>
    );
  }
  const a = asset.data;

  return (
    <>
      <Card
        size="small"
        title={
          <Space>
            <span>{a.name}</span>
            <AssetStatusTag status={a.status} text={a.status_dictText} />
            <PublishedTag published={a.published} />
          </Space>
        }
        extra={
          <Space>
            {canLedger && (
              <Link to={`${ASSET_ROUTES.ledger}?id=${encodeURIComponent(a.id)}`}>{ASSET_DETAILS_TEXT.ledger}</Link>
            )}
            {allowed(PERM.assetEdit) && <Button onClick={() => setEditing(true)}>{ASSET_DETAILS_TEXT.edit}</Button>}
            {allowed(PERM.assetLedgerAdd) && (
              <Button onClick={() => setRecording(true)}>{ASSET_DETAILS_TEXT.record}</Button>
            )}
            {allowed(PERM.assetPublish) && (
              <Button type="primary" onClick={() => publish([a.id], !a.published)}>
                {a.published ? PUBLISH_TEXT.withdraw : PUBLISH_TEXT.publish}
              </Button>
            )}
          </Space>
        }
      >
        <Flex vertical gap={DETAIL_GROUP_GAP} data-testid="asset-detail-groups">
          <DetailList
            title={ASSET_DETAILS_TEXT.basic}
            items={[
              { label: F.code.title, value: a.code },
              { label: F.name.title, value: a.name },
              { label: F.categoryId.title, value: a.categoryId_dictText || a.categoryName || a.categoryId },
              { label: F.ownerDepartId.title, value: departName },
              { label: F.custodian.title, value: a.custodian_dictText || custodianName || a.custodian },
              { label: F.useNature.title, value: a.useNature_dictText || a.useNature },
              { label: F.certificateNo.title, value: a.certificateNo },
              { label: F.publishTime.title, value: a.publishTime },
              { label: F.remark.title, value: a.remark },
            ]}
          />
          <DetailList
            title={ASSET_DETAILS_TEXT.location}
            items={[
              {
                label: F.regionCode.title,
                value: a.regionCode_dictText || getAreaText(a.regionCode, ' / ') || a.regionCode,
              },
              { label: F.address.title, value: a.address, span: 2 },
            ]}
          />
          <DetailList
            title={ASSET_DETAILS_TEXT.value}
            items={[
              { label: F.area.title, value: formatArea(a.area) },
              { label: F.originalValue.title, value: formatYuan(a.originalValue) },
              { label: F.netValue.title, value: formatYuan(a.netValue) },
              { label: F.acquiredDate.title, value: a.acquiredDate },
            ]}
          />
        </Flex>
      </Card>
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} lg={14}>
          <Card size="small" title={ASSET_DETAILS_TEXT.images}>
            <ImageSwiper images={a.images} name={a.name} height={280} />
          </Card>
          <Card size="small" title={ASSET_DETAILS_TEXT.description} style={{ marginTop: 16 }}>
            {a.description ? (
              // The server sanitises the rich text when it is saved.
              <div className="asset-description" dangerouslySetInnerHTML={{ __html: a.description }} />
            ) : (
              <Typography.Text type="secondary">-</Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={ASSET_DETAILS_TEXT.map}>
            <PointMap asset={a} />
          </Card>
          <Card size="small" title={ASSET_DETAILS_TEXT.attachments} style={{ marginTop: 16 }}>
            <Attachments value={a.attachments} names={a.attachmentNames} />
          </Card>
        </Col>
      </Row>
      <Row gutter={16} style={{ marginTop: 16 }}>
        {canLedger && (
          <Col xs={24} lg={12}>
            <Card size="small" title={ASSET_DETAILS_TEXT.timeline} loading={ledger.isPending}>
              <LedgerTimeline entries={ledger.data ?? []} />
            </Card>
          </Col>
        )}
        {allowed(PERM.dataLogList) && (
          <Col xs={24} lg={12}>
            <Card size="small" title={ASSET_DETAILS_TEXT.versions}>
              <DataVersions id={a.id} />
            </Card>
          </Col>
        )}
      </Row>
      <DepreciationSchedule assetId={a.id} netValue={a.netValue} />
      <AssetFormModal
        open={editing}
        record={editing ? a : null}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          refresh();
        }}
      />
      <LedgerEventModal
        open={recording}
        asset={a}
        onClose={() => setRecording(false)}
        onSaved={() => {
          setRecording(false);
          refresh();
        }}
      />
    </>
  );
}
