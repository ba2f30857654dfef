import { useCallback, useRef } from 'react';
import { Button, Card, Divider, Space } from 'antd';
import { Link } from 'react-router';
import { ASSET_ROUTES, PERM } from '@district/shared';
import { useHasPermission } from '../../../components/has-permission/use-has-permission';
import { ListPage, type ListEditorProps } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/list-columns';
import type { ListPageApi } from '../../../components/list-page/use-list-page';
import { ASSET_URLS, formatArea, formatYuan, type AssetRecord } from '../api/asset-api';
import { AssetFormModal } from '../components/asset-form-modal';
import { AssetQueryForm } from '../components/asset-query-form';
import { AssetStatusTag, PublishedTag } from '../components/asset-status-tag';
import { PUBLISH_TEXT, usePublish } from '../components/use-publish';
import { PrintButton } from '../../print/components/print-button';

export const ASSET_INDEX_TEXT = {
  details: '详情',
  ledger: '台账',
  publish: PUBLISH_TEXT.publish,
  withdraw: '撤回',
  batchPublish: '批量发布',
  batchWithdraw: '批量撤回发布',
} as const;

const money = (v: number | null) => formatYuan(v);

const COLUMNS: ListColumn<AssetRecord>[] = [
  { title: '资产编码', dataIndex: 'code', key: 'code', sorter: true, valueType: 'code', width: 150 },
  { title: '资产名称', dataIndex: 'name', key: 'name', sorter: true, width: 180 },
  { title: '资产分类', dataIndex: 'categoryId', key: 'categoryId', valueType: 'dict', width: 100 },
  { title: '所属部门', dataIndex: 'ownerDepartId', key: 'ownerDepartId', width: 130 },
  { title: '地址', dataIndex: 'address', key: 'address', valueType: 'longText' },
  {
    title: '面积(m²)',
    dataIndex: 'area',
    key: 'area',
    sorter: true,
    align: 'right',
    width: 110,
    render: (v: number | null) => formatArea(v),
  },
  {
    title: '原值(元)',
    dataIndex: 'originalValue',
    key: 'originalValue',
    sorter: true,
    align: 'right',
    width: 150,
    render: money,
  },
  {
    title: '净值(元)',
    dataIndex: 'netValue',
    key: 'netValue',
    sorter: true,
    align: 'right',
    width: 150,
    render: money,
  },
  {
    title: '资产状态',
    dataIndex: 'status',
    key: 'status',
    width: 100,
    render: (v: string, r: AssetRecord) => <AssetStatusTag status={v} text={r.status_dictText} />,
  },
  {
    title: '发布',
    dataIndex: 'published',
    key: 'published',
    width: 90,
    render: (v: number) => <PublishedTag published={v} />,
  },
  { title: '取得日期', dataIndex: 'acquiredDate', key: 'acquiredDate', sorter: true },
];

/** 资产索引: the asset register with its filters, form, import/export, publishing and links to details/ledger. */
export function AssetIndexPage() {
  const allowed = useHasPermission();
  const listRef = useRef<ListPageApi<AssetRecord>>(null);
  const reload = useCallback(() => {
    listRef.current?.clearSelection();
    listRef.current?.reload();
  }, []);
  const publish = usePublish(reload);
  const canPublish = allowed(PERM.assetPublish);
  const canLedger = allowed(PERM.assetLedgerList);

  const rowActions = useCallback(
    (record: AssetRecord) => (
      <Space size={0} separator={<Divider orientation="vertical" />} style={{ whiteSpace: 'nowrap' }}>
        <Link to={`${ASSET_ROUTES.details}?id=${encodeURIComponent(record.id)}`}>{ASSET_INDEX_TEXT.details}</Link>
        {canLedger && (
          <Link to={`${ASSET_ROUTES.ledger}?id=${encodeURIComponent(record.id)}`}>{ASSET_INDEX_TEXT.ledger}</Link>
        )}
        {canPublish && (
          <a onClick={() => publish([record.id], !record.published)}>
            {record.published ? ASSET_INDEX_TEXT.withdraw : ASSET_INDEX_TEXT.publish}
          </a>
        )}
      </Space>
    ),
    [canLedger, canPublish, publish],
  );

  const renderEditor = useCallback(
    ({ open, record, onClose, onSaved }: ListEditorProps<AssetRecord>) => (
      <AssetFormModal open={open} record={record} onClose={onClose} onSaved={onSaved} />
    ),
    [],
  );

  return (
    <Card size="small">
      <AssetQueryForm onSearch={(params) => listRef.current?.search(params)} />
      <ListPage<AssetRecord>
        ref={listRef}
        url={{
          list: ASSET_URLS.list,
          delete: ASSET_URLS.delete,
          deleteBatch: ASSET_URLS.deleteBatch,
          exportXls: ASSET_URLS.exportXls,
          importExcel: ASSET_URLS.importExcel,
        }}
        columns={COLUMNS}
        permissions={{
          add: PERM.assetAdd,
          edit: PERM.assetEdit,
          delete: PERM.assetDelete,
          batchDelete: PERM.assetDelete,
          export: PERM.assetExport,
          import: PERM.assetImport,
        }}
        exportName="资产信息"
        renderEditor={renderEditor}
        rowActions={rowActions}
        toolbarExtra={(api) => (
          <>
            {canPublish && (
              <>
                <Button onClick={() => publish(api.selectedRowKeys.map(String), true)}>
                  {ASSET_INDEX_TEXT.batchPublish}
                </Button>
                <Button onClick={() => publish(api.selectedRowKeys.map(String), false)}>
                  {ASSET_INDEX_TEXT.batchWithdraw}
                </Button>
              </>
            )}
            <PrintButton source="asset" ids={api.selectedRowKeys.map(String)} fileName="资产" />
          </>
        )}
      />
    </Card>
  );
}
