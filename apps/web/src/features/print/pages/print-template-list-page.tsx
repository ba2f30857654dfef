import { useCallback, useRef, useState } from 'react';
import { Button, Card, Divider, Space, Tag } from 'antd';
import { useNavigate } from 'react-router';
import {
  PAPER_ITEMS,
  PERM,
  PRINT_ROUTES,
  PRINT_SOURCE_ITEMS,
  PRINT_TEMPLATE_RESOURCE as R,
  type FieldKey,
} from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { ListPage } from '@/components/list-page/list-page';
import type { ListColumn } from '@/components/list-page/list-columns';
import { columnOf, type ColumnPick, type QueryPick } from '@/components/list-page/list-resource';
import type { ListPageApi } from '@/components/list-page/use-list-page';
import { PRINT_URLS, type PrintTemplateRecord } from '../api/print-api';
import { TemplateFormModal } from '../components/template-form-modal';

const paperText = (r: PrintTemplateRecord) =>
  r.paper === 'custom'
    ? `自定义 ${Number(r.widthMm)}×${Number(r.heightMm)}mm`
    : `${r.paper}${r.orientation === 'landscape' ? ' 横向' : ' 纵向'}`;

/** A declared column with the page's own look. */
const column = (
  key: FieldKey<typeof R>,
  own: Partial<ListColumn<PrintTemplateRecord>>,
): ListColumn<PrintTemplateRecord> =>
  ({ ...columnOf<PrintTemplateRecord>(R, key), ...own }) as ListColumn<PrintTemplateRecord>;

const COLUMNS: ColumnPick<PrintTemplateRecord, typeof R>[] = [
  'code',
  column('name', {
    render: (v: string, r: PrintTemplateRecord) => (
      <Space>
        {v}
        {r.builtIn ? <Tag color="blue">{R.fields.builtIn.title}</Tag> : null}
      </Space>
    ),
  }),
  column('source', { sorter: false }),
  column('paper', { render: (_: string, r: PrintTemplateRecord) => paperText(r) }),
  'updateTime',
];

const QUERY: QueryPick<typeof R>[] = [
  'code',
  'name',
  {
    kind: 'select',
    field: 'source',
    label: R.fields.source.title,
    options: PRINT_SOURCE_ITEMS.map((i) => ({ value: i.value, label: i.text })),
  },
  {
    kind: 'select',
    field: 'paper',
    label: R.fields.paper.title,
    options: PAPER_ITEMS.map((i) => ({ value: i.value, label: i.text })),
  },
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
      <ListPage<PrintTemplateRecord, typeof R>
        ref={listRef}
        resource={R}
        // Templates are deleted one at a time (a shipped one never).
        url={{ list: PRINT_URLS.list, delete: PRINT_URLS.delete }}
        columns={COLUMNS}
        queryFields={QUERY}
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
