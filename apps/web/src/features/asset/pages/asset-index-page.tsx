import { useCallback, useRef } from 'react';
import { Button, Card } from 'antd';
import { Link } from 'react-router';
import { ASSET_RESOURCE as R, ASSET_ROUTES, PERM, type FieldKey } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { ListPage, type ListEditorProps } from '@/components/list-page/list-page';
import type { ListColumn } from '@/components/list-page/list-columns';
import type { QueryField } from '@/components/list-page/list-query';
import { columnOf, superQueryFieldsOf, type ColumnPick, type QueryPick } from '@/components/list-page/list-resource';
import type { ListPageApi } from '@/components/list-page/use-list-page';
import { formatArea, formatYuan, type AssetRecord } from '../api/asset-api';
import { AssetFormModal } from '../components/asset-form-modal';
import { AssetStatusTag, PublishedTag } from '../components/asset-status-tag';
import { PUBLISH_TEXT, usePublish } from '../components/use-publish';
import { PrintButton } from '@/features/print/public';

export const ASSET_INDEX_TEXT = {
  details: '详情',
  ledger: '台账',
  publish: PUBLISH_TEXT.publish,
  withdraw: '撤回',
  batchPublish: '批量发布',
  batchWithdraw: '批量撤回发布',
  /** The short header of the published column. */
  published: '发布',
  importHint:
    '导入文件的列与“导出”的文件相同（可先导出作为模板）。资产编号留空时自动生成；资产状态只能是闲置或在用，其余状态通过台账登记；图片和附件不经 Excel 导入。',
} as const;

/** A declared column with the page's own look (a render, no sorter where ids would sort meaninglessly). */
const column = (key: FieldKey<typeof R>, own: Partial<ListColumn<AssetRecord>>): ListColumn<AssetRecord> =>
  ({ ...columnOf<AssetRecord>(R, key), ...own }) as ListColumn<AssetRecord>;

const money = (v: number | null) => formatYuan(v);

// Widths for 1440 px with the menu open: code and name stay on the left and 操作 on the right while the rest scrolls;
// money has room for ¥99,999,999.99, the address is cut with a tooltip.
const COLUMNS: ColumnPick<AssetRecord, typeof R>[] = [
  column('code', { width: 140 }),
  column('name', { width: 180 }),
  column('categoryId', { sorter: false, width: 90 }),
  column('ownerDepartId', { sorter: false, width: 110 }),
  column('address', { width: 180 }),
  column('area', { align: 'right', render: (v: number | null) => formatArea(v) }),
  column('originalValue', { align: 'right', width: 140, render: money }),
  column('netValue', { align: 'right', width: 140, render: money }),
  column('status', {
    width: 90,
    sorter: false,
    render: (v: string, r: AssetRecord) => <AssetStatusTag status={v} text={r.status_dictText} />,
  }),
  column('published', {
    title: ASSET_INDEX_TEXT.published,
    width: 80,
    sorter: false,
    render: (v: number) => <PublishedTag published={v} />,
  }),
  'acquiredDate',
];

const PUBLISHED: QueryField = {
  kind: 'select',
  field: 'published',
  label: R.fields.published.title,
  placeholder: '请选择',
  options: [
    { value: '1', label: '已发布' },
    { value: '0', label: '未发布' },
  ],
};

/** An asset on a phone: its name, code and status, then department, net value and address. */
const CARD = {
  title: 'name',
  subtitle: 'code',
  tag: 'status',
  fields: ['ownerDepartId', 'netValue', 'address'],
} as const;

// Name, status and department first: the inputs shown before 展开 (the name alone on a phone).
const QUERY: QueryPick<typeof R>[] = ['name', 'status', 'ownerDepartId', 'code', 'categoryId', 'useNature', PUBLISHED];

// Every filterable field except those holding ids (category, department, org code, creator), which nobody can type;
// the query form above filters those with pickers.
const ID_FIELDS = new Set<string>(['categoryId', 'ownerDepartId', 'sysOrgCode', 'createBy']);
export const ASSET_SUPER_QUERY_FIELDS = superQueryFieldsOf(R).filter((f) => !ID_FIELDS.has(f.field));

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
      <>
        <Link key="details" to={`${ASSET_ROUTES.details}?id=${encodeURIComponent(record.id)}`}>
          {ASSET_INDEX_TEXT.details}
        </Link>
        {canLedger && (
          <Link key="ledger" to={`${ASSET_ROUTES.ledger}?id=${encodeURIComponent(record.id)}`}>
            {ASSET_INDEX_TEXT.ledger}
          </Link>
        )}
        {canPublish && (
          <a key="publish" onClick={() => publish([record.id], !record.published)}>
            {record.published ? ASSET_INDEX_TEXT.withdraw : ASSET_INDEX_TEXT.publish}
          </a>
        )}
      </>
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
      <ListPage<AssetRecord, typeof R>
        ref={listRef}
        resource={R}
        columns={COLUMNS}
        queryFields={QUERY}
        fixedColumns={['code', 'name']}
        card={CARD}
        superQueryFields={ASSET_SUPER_QUERY_FIELDS}
        superQueryCode="asset-index"
        // Every column the import reads, so export → import is a round trip.
        exportColumns="all"
        importHint={ASSET_INDEX_TEXT.importHint}
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
            <PrintButton source="asset" ids={api.selectedRowKeys.map(String)} fileName={R.title} />
          </>
        )}
      />
    </Card>
  );
}
