import { useState } from 'react';
import { Button, Card, Col, Descriptions, Result, Row, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ASSET_MESSAGES, ASSET_RESOURCE, ASSET_ROUTES, PERM } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import {
  assetQueryKey,
  fetchAssetDetail,
  fetchLedger,
  formatYuan,
  ledgerQueryKey,
  type AssetRecord,
} from '../api/asset-api';
import { AssetStatusTag } from '../components/asset-status-tag';
import { LedgerEventModal } from '../components/ledger-event-modal';
import { LedgerTable, LedgerTimeline } from '../components/ledger-timeline';
import { PrintButton } from '@/features/print/public';
import { DEPART_NAME_DICT } from '@/components/pickers/picker-api';
import { usePickedNames } from '@/components/pickers/use-picked-names';

export const ASSET_LEDGER_TEXT = {
  pick: '请先在资产索引中选择一项资产，再查看它的台账',
  toIndex: '前往资产索引',
  record: '登记事件',
  timeline: '事件时间线',
  table: '事件明细',
  details: '资产详情',
  movedOut: '事件已登记，该资产已不在您的数据范围内',
  movedOutHint: '资产调入的部门不在您可查看的范围内，此后它的台账由调入部门继续登记。',
} as const;

const F = ASSET_RESOURCE.fields;

/** The asset's department name: the server's label, else looked up. */
export function useDepartName(asset: AssetRecord | undefined) {
  const id = asset && !asset.ownerDepartId_dictText && asset.ownerDepartId ? [asset.ownerDepartId] : [];
  const { names } = usePickedNames(DEPART_NAME_DICT, id);
  return asset?.ownerDepartId_dictText || asset?.ownerDepartName || names[0] || '';
}

/** A hint with a link to the register, for a page opened without ?id=. */
export function PickAssetHint() {
  return (
    <Card>
      <Result
        status="info"
        title={ASSET_LEDGER_TEXT.pick}
        extra={<Link to={ASSET_ROUTES.index}>{ASSET_LEDGER_TEXT.toIndex}</Link>}
      />
    </Card>
  );
}

/** 台账详情 (/asset/ledger?id=…): the asset's header, its event timeline and table, and 登记事件. */
export function AssetLedgerPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  if (!id) return <PickAssetHint />;
  return <AssetLedger id={id} />;
}

function AssetLedger({ id }: { id: string }) {
  const allowed = useHasPermission();
  const queryClient = useQueryClient();
  const [recording, setRecording] = useState(false);
  // Set once an event is saved here: if the asset then disappears (e.g. transferred out of the caller's
  // department under the 本部门资产 rule), that is the event's effect, not a missing asset.
  const [recorded, setRecorded] = useState(false);
  const asset = useQuery({ queryKey: assetQueryKey(id), queryFn: () => fetchAssetDetail(id) });
  const ledger = useQuery({ queryKey: ledgerQueryKey(id), queryFn: () => fetchLedger(id) });
  const departName = useDepartName(asset.data);

  if (asset.isPending) return <Skeleton active />;
  if ((asset.isError || !asset.data) && recorded) {
    return (
      <Card>
        <Result
          status="success"
          title={ASSET_LEDGER_TEXT.movedOut}
          subTitle={ASSET_LEDGER_TEXT.movedOutHint}
          extra={<Link to={ASSET_ROUTES.index}>{ASSET_LEDGER_TEXT.toIndex}</Link>}
        />
      </Card>
    );
  }
  if (asset.isError || !asset.data) {
    return (
      <Card>
        <Result
          status="404"
          title={ASSET_MESSAGES.notFound}
          extra={<Link to={ASSET_ROUTES.index}>{ASSET_LEDGER_TEXT.toIndex}</Link>}
        />
      </Card>
    );
  }
  const a = asset.data;
  const entries = ledger.data ?? [];

  return (
    <>
      <Card
        size="small"
        title={`${a.name}（${a.code}）`}
        extra={
          <>
            <Link to={`${ASSET_ROUTES.details}?id=${encodeURIComponent(a.id)}`} style={{ marginRight: 12 }}>
              {ASSET_LEDGER_TEXT.details}
            </Link>
            {allowed(PERM.assetLedgerAdd) && (
              <Button type="primary" onClick={() => setRecording(true)} style={{ marginRight: 8 }}>
                {ASSET_LEDGER_TEXT.record}
              </Button>
            )}
            {/* The asset card of this asset. */}
            <PrintButton source="asset" ids={[a.id]} fileName={`${a.name}资产卡片`} />
          </>
        }
      >
        <Descriptions
          size="small"
          column={4}
          items={[
            { key: 'code', label: F.code.title, children: a.code },
            {
              key: 'status',
              label: F.status.title,
              children: <AssetStatusTag status={a.status} text={a.status_dictText} />,
            },
            { key: 'depart', label: F.ownerDepartId.title, children: departName || '-' },
            { key: 'net', label: F.netValue.title, children: formatYuan(a.netValue) || '-' },
          ]}
        />
      </Card>
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} lg={8}>
          <Card size="small" title={ASSET_LEDGER_TEXT.timeline} loading={ledger.isPending}>
            <LedgerTimeline entries={entries} />
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card
            size="small"
            title={ASSET_LEDGER_TEXT.table}
            // Every event of the asset, one page (or label) each.
            extra={<PrintButton source="ledger" ids={entries.map((e) => e.id)} fileName={`${a.name}台账`} />}
          >
            <LedgerTable entries={entries} loading={ledger.isFetching} />
          </Card>
        </Col>
      </Row>
      <LedgerEventModal
        open={recording}
        asset={a}
        onClose={() => setRecording(false)}
        onSaved={() => {
          setRecording(false);
          setRecorded(true);
          // The event may have changed the department, status or net value: the header follows.
          void queryClient.invalidateQueries({ queryKey: assetQueryKey(id) });
          void queryClient.invalidateQueries({ queryKey: ledgerQueryKey(id) });
        }}
      />
    </>
  );
}
