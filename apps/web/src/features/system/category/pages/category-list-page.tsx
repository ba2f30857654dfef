import { useRef, useState, type Key, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Divider, Space, Spin, Table, type TableColumnsType } from 'antd';
import { CATEGORY_RESOURCE as R, LIST_MESSAGES, LIST_PAGE, PERM, type CategoryRecord } from '@district/shared';
import { exportXls } from '@/components/excel/export-xls';
import { ImportExcelModal } from '@/components/excel/import-excel-modal';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { ListQueryForm } from '@/components/list-page/list-query-form';
import { totalText, type ListParams } from '@/components/list-page/list-query';
import { queryFieldsOf } from '@/components/list-page/list-resource';
import { CATEGORY_URLS, deleteCategories, fetchCategoryChildren, fetchCategoryPage } from '../api/category-admin-api';
import { CategoryFormModal, type CategoryFormTarget } from '../components/category-form-modal';

export const CATEGORY_PAGE_TEXT = {
  add: '新增',
  addChild: '添加下级',
  edit: '编辑',
  delete: '删除',
  export: '导出',
  import: '导入',
  loading: '加载中…',
} as const;

const QUERY_FIELDS = queryFieldsOf(R, ['name', 'code']);

/** A table row: a category, or the placeholder child that makes an unloaded parent expandable. */
type Row = CategoryRecord & { children?: Row[]; placeholder?: true };

const PLACEHOLDER = '__placeholder';

function toRow(record: CategoryRecord, lazy: boolean): Row {
  if (!lazy || !record.hasChildren) return { ...record, children: undefined };
  return { ...record, children: [{ ...record, id: `${record.id}${PLACEHOLDER}`, placeholder: true }] };
}

function replaceChildren(rows: Row[], parentId: string, children: CategoryRecord[]): Row[] {
  return rows.map((r) => {
    if (r.id === parentId) {
      return children.length
        ? { ...r, hasChildren: true, children: children.map((c) => toRow(c, true)) }
        : { ...r, hasChildren: false, children: undefined };
    }
    return r.children ? { ...r, children: replaceChildren(r.children, parentId, children) } : r;
  });
}

/** 分类字典: a tree table loaded one level at a time; a search lists matching rows flat. */
export function CategoryListPage() {
  const { modal, message } = App.useApp();
  const allowed = useHasPermission();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState<ListParams>({});
  const [page, setPage] = useState({ current: 1, pageSize: LIST_PAGE.pageSize });
  const [expanded, setExpandedKeys] = useState<Key[]>([]);
  // Read by the list's loader, which reopens the levels the user had open.
  const expandedRef = useRef<Key[]>([]);
  const setExpanded = (keys: Key[]) => {
    expandedRef.current = keys;
    setExpandedKeys(keys);
  };
  const [target, setTarget] = useState<CategoryFormTarget | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const searching = Object.keys(query).length > 0;

  const listKey = ['system', 'category', 'list', query, page] as const;
  // A failure is shown by the request layer; the rows shown stay.
  const list = useQuery({
    queryKey: listKey,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const params: ListParams = { ...(searching ? query : { pid: '0' }), column: 'code', order: 'asc' };
      const result = await fetchCategoryPage({ ...params, pageNo: page.current, pageSize: page.pageSize });
      let rows = (result?.records ?? []).map((r) => toRow(r, !searching));
      // Reopen the levels the user had open, so a save does not fold the tree.
      for (const key of expandedRef.current.map(String)) {
        const children = await fetchCategoryChildren(key).catch(() => null);
        if (children) rows = replaceChildren(rows, key, children);
      }
      return { rows, total: result?.total ?? 0 };
    },
  });
  const rows = list.data?.rows ?? [];

  const reload = () => void list.refetch();

  const expand = async (open: boolean, row: Row) => {
    if (!open || row.children?.length !== 1 || !row.children[0]!.placeholder) return;
    const closeIt = () => setExpanded(expandedRef.current.filter((k) => k !== row.id));
    try {
      const children = await fetchCategoryChildren(row.id);
      queryClient.setQueryData<{ rows: Row[]; total: number }>(
        listKey,
        (current) => current && { ...current, rows: replaceChildren(current.rows, row.id, children) },
      );
      if (children.length === 0) closeIt();
    } catch {
      closeIt();
    }
  };

  const remove = (row: Row) => {
    modal.confirm({
      title: LIST_MESSAGES.deleteTitle,
      content: LIST_MESSAGES.deleteContent,
      onOk: async () => {
        try {
          const res = await deleteCategories([row.id]);
          message.success(res.message || '删除成功！');
          setExpanded(expandedRef.current.filter((k) => k !== row.id));
          reload();
        } catch {
          // The request layer shows the server's message (e.g. the category still has children).
        }
      },
    });
  };

  const columns: TableColumnsType<Row> = [
    {
      title: R.fields.name.title,
      dataIndex: 'name',
      key: 'name',
      render: (name: string, row) =>
        row.placeholder ? (
          <Space size="small">
            <Spin size="small" />
            {CATEGORY_PAGE_TEXT.loading}
          </Space>
        ) : (
          name
        ),
    },
    {
      title: R.fields.code.title,
      dataIndex: 'code',
      key: 'code',
      width: 200,
      render: (v: string, r) => (r.placeholder ? null : v),
    },
    {
      // The life the asset office set for depreciation (issue 26): what 折旧报表 books by.
      title: '折旧',
      key: 'depreciation',
      width: 160,
      render: (_: unknown, r) => (r.placeholder ? null : depreciationText(r)),
    },
    {
      title: R.fields.createTime.title,
      dataIndex: 'createTime',
      width: 170,
      render: (v: string | null, r) => (r.placeholder ? null : v),
    },
    {
      title: '操作',
      key: '__action',
      width: 200,
      render: (_: unknown, row) => {
        if (row.placeholder) return null;
        const items: ReactNode[] = [];
        if (allowed(PERM.categoryEdit))
          items.push(
            <a key="edit" onClick={() => setTarget({ mode: 'edit', record: row })}>
              {CATEGORY_PAGE_TEXT.edit}
            </a>,
          );
        if (allowed(PERM.categoryAdd))
          items.push(
            <a key="child" onClick={() => setTarget({ mode: 'add', parent: row })}>
              {CATEGORY_PAGE_TEXT.addChild}
            </a>,
          );
        if (allowed(PERM.categoryDelete))
          items.push(
            <a key="delete" onClick={() => remove(row)}>
              {CATEGORY_PAGE_TEXT.delete}
            </a>,
          );
        return <Space separator={<Divider orientation="vertical" />}>{items}</Space>;
      },
    },
  ];

  return (
    <Card variant="borderless">
      <ListQueryForm
        fields={QUERY_FIELDS}
        onSearch={(params) => {
          setQuery(params);
          setExpanded([]);
          setPage((p) => ({ ...p, current: 1 }));
        }}
      />
      <Space wrap style={{ marginBottom: 12 }}>
        {allowed(PERM.categoryAdd) && (
          <Button type="primary" onClick={() => setTarget({ mode: 'add', parent: null })}>
            {CATEGORY_PAGE_TEXT.add}
          </Button>
        )}
        {allowed(PERM.categoryExport) && (
          <Button
            onClick={() => void exportXls(CATEGORY_URLS.exportXls, R.exportName, { params: searching ? query : {} })}
          >
            {CATEGORY_PAGE_TEXT.export}
          </Button>
        )}
        {allowed(PERM.categoryImport) && (
          <Button onClick={() => setImportOpen(true)}>{CATEGORY_PAGE_TEXT.import}</Button>
        )}
      </Space>
      <Table<Row>
        rowKey="id"
        size="middle"
        bordered
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: LIST_PAGE.pageSizeOptions.map(String),
          // The same words as every other list: 第 1-20 条 / 共 45 条.
          showTotal: totalText,
        }}
        onChange={(p) => setPage({ current: p.current ?? 1, pageSize: p.pageSize ?? LIST_PAGE.pageSize })}
        expandable={{
          expandedRowKeys: expanded,
          onExpandedRowsChange: (keys) => setExpanded([...keys]),
          onExpand: (open, row) => void expand(open, row),
        }}
      />
      <CategoryFormModal
        target={target}
        onClose={() => setTarget(null)}
        onSaved={(pid) => {
          setTarget(null);
          // A child added under a closed parent: open it so the new row shows.
          const keys = expandedRef.current;
          if (pid !== '0' && !keys.includes(pid)) setExpanded([...keys, pid]);
          reload();
        }}
      />
      <ImportExcelModal
        open={importOpen}
        url={CATEGORY_URLS.importExcel}
        onClose={() => setImportOpen(false)}
        onOk={() => reload()}
      />
    </Card>
  );
}

/** 50 年 · 残值 5%, 不计提 (a life of 0), 沿用上级 (none of its own), or — at the top without one. */
function depreciationText(r: Pick<CategoryRecord, 'pid' | 'depreciationYears' | 'residualRate'>): string {
  if (r.depreciationYears === null || r.depreciationYears === undefined) return r.pid === '0' ? '—' : '沿用上级';
  if (r.depreciationYears === 0) return '不计提';
  return `${r.depreciationYears} 年 · 残值 ${r.residualRate ?? 0}%`;
}
