import { useCallback, useRef, useState } from 'react';
import { Button, Card, Divider, Space, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { PAPER_ITEMS, PERM, PRINT_ROUTES, PRINT_SOURCE_ITEMS } from '@district/shared';
import { useHasPermission } from '../../../components/has-permission/use-has-permission';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/list-columns';
import type { ListPageApi } from '../../../components/list-page/use-list-page';
import { PRINT_URLS, type PrintTemplateRecord } from '../api/print-api';
import { TemplateFormModal } from '../components/template-form-modal';

const paperText = (r: PrintTemplateRecord) =>
  r.paper === 'custom'
    ? `自定义 ${Number(r.widthMm)}×${Number(r.heightMm)}mm`
    : `${r.paper}${r.orientation === 'landscape' ? ' 横向' : ' 纵向'}`;

const COLUMNS: ListColumn<PrintTemplateRecord>[] = [
  { title: '模板编码', dataIndex: 'code', key: 'code', sorter: true, width: 160 },
  {
    title: '模板名称',
    dataIndex: 'name',
    key: 'name',
    sorter: true,
    render: (v: string, r: PrintTemplateRecord) => (
      <Space>
        {v}
        {r.builtIn ? <Tag color="blue">系统内置</Tag> : null}
      </Space>
    ),
  },
  { title: '数据源', dataIndex: 'source', key: 'source', width: 110 },
  { title: '纸张', dataIndex: 'paper', key: 'paper', width: 170, render: (_: string, r) => paperText(r) },
  { title: '更新时间', dataIndex: 'updateTime', key: 'updateTime', sorter: true, width: 170 },
];

/** 打印模板: the templates of the tenant and the shipped ones; new, copy, design, delete. */
export function PrintTemplateListPage() {
  const allowed = useHasPermission();
  const navigate = useNavigate();
  const listRef = useRef<ListPageApi<PrintTemplateRecord>>(null);
  const [dialog, setDialog] = useState<{ copyOf: PrintTemplateRecord | null } | null>(null);
  const canAdd = allowed(PERM.printTemplateAdd);
  const canEdit = allowed(PERM.printTemplateEdit);
  const design = useCallback(
    (id: string) => navigate(`${PRINT_ROUTES.designer}?id=${encodeURIComponent(id)}`),
    [navigate],
  );

  const rowActions = useCallback(
    (record: PrintTemplateRecord) => (
      <Space size={0} separator={<Divider orientation="vertical" />} style={{ whiteSpace: 'nowrap' }}>
        {canEdit && !record.builtIn && <a onClick={() => design(record.id)}>设计</a>}
        {canAdd && <a onClick={() => setDialog({ copyOf: record })}>复制</a>}
      </Space>
    ),
    [canAdd, canEdit, design],
  );

  return (
    <Card size="small">
      <ListPage<PrintTemplateRecord>
        ref={listRef}
        url={{ list: PRINT_URLS.list, delete: PRINT_URLS.delete }}
        columns={COLUMNS}
        queryFields={[
          { kind: 'input', field: 'code', label: '模板编码', op: 'like', trim: true },
          { kind: 'input', field: 'name', label: '模板名称', op: 'like', trim: true },
          {
            kind: 'select',
            field: 'source',
            label: '数据源',
            options: PRINT_SOURCE_ITEMS.map((i) => ({ value: i.value, label: i.text })),
          },
          {
            kind: 'select',
            field: 'paper',
            label: '纸张',
            options: PAPER_ITEMS.map((i) => ({ value: i.value, label: i.text })),
          },
        ]}
        permissions={{ delete: PERM.printTemplateDelete }}
        rowActions={rowActions}
        deletable={(r) => !r.builtIn}
        deleteLast
        toolbarExtra={
          canAdd && (
            <Button type="primary" onClick={() => setDialog({ copyOf: null })}>
              新建模板
            </Button>
          )
        }
      />
      <TemplateFormModal
        open={!!dialog}
        copyOf={dialog?.copyOf ?? null}
        onClose={() => setDialog(null)}
        onSaved={(id) => {
          setDialog(null);
          design(id);
        }}
      />
    </Card>
  );
}
