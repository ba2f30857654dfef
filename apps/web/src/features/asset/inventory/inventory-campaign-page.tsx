import { lazy, Suspense, useCallback, useState } from 'react';
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Statistic,
  Table,
  Tabs,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  INVENTORY_API,
  INVENTORY_RESULT_ITEMS,
  PERM,
  type InventoryItem,
  type InventoryReport,
} from '@district/shared';
import { exportXls } from '@/components/excel/export-xls';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import {
  closeCampaign,
  fetchCampaign,
  fetchDifferences,
  fetchItems,
  fetchProgress,
  fetchReport,
  inventoryKeys,
} from './inventory-api';
import { InventoryReportPrint } from './inventory-report-print';
import { CampaignStatusTag, ResultTag } from './inventory-status';
import { SettleModal } from './settle-modal';

const ProgressCharts = lazy(() => import('./progress-charts').then((m) => ({ default: m.ProgressCharts })));

export const CAMPAIGN_TEXT = {
  missingId: '未指定盘点任务',
  deadline: '截止日期',
  checkers: '盘点人',
  scopeAddress: '地点范围',
  openTime: '开始时间',
  closeTime: '结束时间',
  total: '清单总数',
  checked: '已盘',
  unchecked: '未盘',
  surplus: '盘盈',
  openDifferences: '未处理差异',
  close: '结束盘点',
  closeConfirm: (name: string) => `确定结束“${name}”吗？结束后不能再录入。`,
  export: '导出 Excel',
  print: '打印报告',
  items: '盘点明细',
  differences: '差异处理',
  code: '资产编号',
  name: '资产名称',
  category: '分类',
  depart: '部门',
  custodian: '保管人',
  address: '存放地点',
  result: '盘点结果',
  checkedBy: '盘点人',
  checkedTime: '盘点时间',
  note: '备注',
  difference: '差异',
  settle: '处理',
  settleAction: '处理方式',
  settleReason: '处理原因',
  settleBy: '处理人',
  pending: '待处理',
  settled: '已处理',
  allChecked: '全部',
  onlyChecked: '已盘',
  onlyUnchecked: '未盘',
  resultPlaceholder: '盘点结果',
  action: '操作',
} as const;

const T = CAMPAIGN_TEXT;

/** 盘点详情 (?id=): progress with charts, the item list, the differences with 处理, 结束盘点, export, print. */
export function InventoryCampaignPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { modal, message } = App.useApp();
  const allowed = useHasPermission();
  const client = useQueryClient();
  const campaign = useQuery({ queryKey: inventoryKeys.campaign(id), queryFn: () => fetchCampaign(id), enabled: !!id });
  const progress = useQuery({ queryKey: inventoryKeys.progress(id), queryFn: () => fetchProgress(id), enabled: !!id });
  const [settling, setSettling] = useState<InventoryItem | null>(null);
  const [report, setReport] = useState<InventoryReport | null>(null);
  const [printing, setPrinting] = useState(false);
  const donePrinting = useCallback(() => setReport(null), []);

  if (!id) return <Empty description={T.missingId} />;
  const c = campaign.data;
  const p = progress.data;

  const refresh = () => {
    void client.invalidateQueries({ queryKey: inventoryKeys.campaign(id) });
    void client.invalidateQueries({ queryKey: inventoryKeys.progress(id) });
    void client.invalidateQueries({ queryKey: ['inventory-differences', id] });
    void client.invalidateQueries({ queryKey: ['inventory-items'] });
  };

  const print = async () => {
    setPrinting(true);
    try {
      setReport(await fetchReport(id));
    } catch {
      // The request layer shows the server's message.
    } finally {
      setPrinting(false);
    }
  };

  const close = () => {
    if (!c) return;
    modal.confirm({
      title: T.close,
      content: T.closeConfirm(c.name),
      onOk: async () => {
        try {
          const res = await closeCampaign(id);
          void message.success(res.message);
          refresh();
        } catch {
          // The request layer shows the server's refusal (还有 N 项差异未处理…).
        }
      },
    });
  };

  return (
    <Spin spinning={campaign.isLoading}>
      <Card
        variant="borderless"
        className="inventory-report"
        title={
          c && (
            <Space>
              <span>{c.name}</span>
              <CampaignStatusTag status={c.status} />
            </Space>
          )
        }
        extra={
          c && (
            <Space className="no-print">
              {allowed(PERM.assetInventoryList) && (
                <Button
                  onClick={() => void exportXls(INVENTORY_API.exportXls, `盘点清单-${c.name}`, { params: { id } })}
                >
                  {T.export}
                </Button>
              )}
              <Button loading={printing} onClick={() => void print()}>
                {T.print}
              </Button>
              {allowed(PERM.assetInventoryEdit) && c.status === 'open' && (
                <Button type="primary" onClick={close}>
                  {T.close}
                </Button>
              )}
            </Space>
          )
        }
      >
        {c && (
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={T.deadline}>{c.deadline}</Descriptions.Item>
            <Descriptions.Item label={T.checkers}>{c.checkerNames.filter(Boolean).join('、')}</Descriptions.Item>
            {c.scope.address && <Descriptions.Item label={T.scopeAddress}>{c.scope.address}</Descriptions.Item>}
            {c.openTime && <Descriptions.Item label={T.openTime}>{c.openTime}</Descriptions.Item>}
            {c.closeTime && <Descriptions.Item label={T.closeTime}>{c.closeTime}</Descriptions.Item>}
          </Descriptions>
        )}
        {p && c && (
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col xs={12} sm={8} md={4}>
              <Statistic title={T.total} value={p.total} />
            </Col>
            <Col xs={12} sm={8} md={4}>
              <Statistic title={T.checked} value={p.checked} />
            </Col>
            <Col xs={12} sm={8} md={4}>
              <Statistic title={T.unchecked} value={p.unchecked} />
            </Col>
            <Col xs={12} sm={8} md={4}>
              <Statistic title={T.surplus} value={p.surplus} />
            </Col>
            <Col xs={12} sm={8} md={4}>
              <Statistic title={T.openDifferences} value={c.openDifferences} />
            </Col>
          </Row>
        )}
        {p && p.total + p.surplus > 0 && (
          <Suspense fallback={<Spin />}>
            <ProgressCharts progress={p} />
          </Suspense>
        )}
        {c && c.status !== 'draft' && (
          <Tabs
            items={[
              {
                key: 'differences',
                label: T.differences,
                children: (
                  <DifferenceList
                    campaignId={id}
                    canSettle={allowed(PERM.assetInventorySettle) && c.status === 'open'}
                    onSettle={setSettling}
                  />
                ),
              },
              { key: 'items', label: T.items, children: <ItemList campaignId={id} /> },
            ]}
          />
        )}
      </Card>
      {report && <InventoryReportPrint report={report} onDone={donePrinting} />}
      <SettleModal
        item={settling}
        onClose={() => setSettling(null)}
        onSettled={() => {
          setSettling(null);
          refresh();
        }}
      />
    </Spin>
  );
}

function ItemList({ campaignId }: { campaignId: string }) {
  const [q, setQ] = useState({ pageNo: 1, pageSize: 20, checked: '', result: '' });
  const params = {
    campaignId,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    ...(q.checked ? { checked: q.checked } : {}),
    ...(q.result ? { result: q.result } : {}),
  };
  const items = useQuery({ queryKey: inventoryKeys.items(params), queryFn: () => fetchItems(params) });
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }} className="no-print">
        <Radio.Group
          value={q.checked}
          optionType="button"
          options={[
            { value: '', label: T.allChecked },
            { value: '1', label: T.onlyChecked },
            { value: '0', label: T.onlyUnchecked },
          ]}
          onChange={(e) => setQ({ ...q, checked: String(e.target.value), pageNo: 1 })}
        />
        <Select
          aria-label={T.result}
          placeholder={T.resultPlaceholder}
          allowClear
          style={{ width: 140 }}
          value={q.result || undefined}
          options={INVENTORY_RESULT_ITEMS.map((i) => ({ value: i.value, label: i.text }))}
          onChange={(v?: string) => setQ({ ...q, result: v ?? '', pageNo: 1 })}
        />
      </Space>
      <Table<InventoryItem>
        rowKey="id"
        size="small"
        bordered
        scroll={{ x: 1000 }}
        loading={items.isFetching}
        dataSource={items.data?.records ?? []}
        pagination={{
          current: q.pageNo,
          pageSize: q.pageSize,
          total: items.data?.total ?? 0,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (pageNo, pageSize) => setQ({ ...q, pageNo, pageSize }),
        }}
        columns={[
          { title: T.code, dataIndex: 'assetCode', width: 130 },
          { title: T.name, dataIndex: 'assetName', width: 180 },
          { title: T.category, dataIndex: 'categoryName' },
          { title: T.depart, dataIndex: 'departName' },
          { title: T.custodian, dataIndex: 'custodianName' },
          { title: T.address, dataIndex: 'address' },
          {
            title: T.result,
            dataIndex: 'result',
            width: 100,
            render: (_: unknown, r) => <ResultTag result={r.result} />,
          },
          { title: T.checkedBy, dataIndex: 'checkedByName', width: 90 },
          { title: T.checkedTime, dataIndex: 'checkedTime', width: 160 },
          { title: T.note, dataIndex: 'note' },
        ]}
      />
    </>
  );
}

function DifferenceList({
  campaignId,
  canSettle,
  onSettle,
}: {
  campaignId: string;
  canSettle: boolean;
  onSettle: (item: InventoryItem) => void;
}) {
  const [settled, setSettled] = useState('0');
  const list = useQuery({
    queryKey: inventoryKeys.differences(campaignId, settled),
    queryFn: () => fetchDifferences(campaignId, settled),
  });
  return (
    <>
      <Radio.Group
        className="no-print"
        style={{ marginBottom: 12 }}
        value={settled}
        optionType="button"
        options={[
          { value: '0', label: T.pending },
          { value: '1', label: T.settled },
        ]}
        onChange={(e) => setSettled(String(e.target.value))}
      />
      <Table<InventoryItem>
        rowKey="id"
        size="small"
        bordered
        scroll={{ x: 900 }}
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: T.code, dataIndex: 'assetCode', width: 130 },
          { title: T.name, dataIndex: 'assetName', width: 180 },
          { title: T.depart, dataIndex: 'departName' },
          { title: T.address, dataIndex: 'address' },
          {
            title: T.difference,
            dataIndex: 'difference',
            width: 100,
            render: (_: unknown, r) => <ResultTag result={r.difference} />,
          },
          { title: T.note, dataIndex: 'note' },
          ...(settled === '1'
            ? [
                { title: T.settleAction, dataIndex: 'settleAction_dictText' },
                { title: T.settleReason, dataIndex: 'settleReason' },
                { title: T.settleBy, dataIndex: 'settleByName', width: 90 },
              ]
            : canSettle
              ? [
                  {
                    title: T.action,
                    key: 'action',
                    width: 80,
                    render: (_: unknown, r: InventoryItem) => <a onClick={() => onSettle(r)}>{T.settle}</a>,
                  },
                ]
              : []),
        ]}
      />
    </>
  );
}
