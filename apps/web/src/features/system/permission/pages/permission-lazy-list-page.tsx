import { PERM, type PermissionLazyRow } from '@district/shared';
import { Button, Card, Space, Spin, Table, type TableColumnsType } from 'antd';
import { useCallback, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { HasPermission } from '@/components/has-permission/has-permission';
import { feedback } from '@/lib/feedback';
import { deletePermission, fetchSubmenu, fetchSubmenuBatch, fetchTopMenus } from '../api/permission-api';
import { DataRuleDrawer } from '../components/data-rule-drawer';
import { PERMISSION_PAGE_TEXT, usePermissionColumns } from '../components/permission-columns';
import { PermissionFormDrawer, type PermissionFormTarget } from '../components/permission-form-drawer';

export const PERMISSION_LAZY_TEXT = {
  loading: '加载中…',
  refresh: '刷新',
} as const;

/** A table row: a fetched entry, or the placeholder child that makes a parent expandable (app-spec §4). */
export type LazyTableRow = PermissionLazyRow & { children?: LazyTableRow[]; placeholder?: true };

const PLACEHOLDER_SUFFIX = '__placeholder';

function placeholderOf(parent: PermissionLazyRow): LazyTableRow {
  return {
    ...parent,
    id: `${parent.id}${PLACEHOLDER_SUFFIX}`,
    key: `${parent.id}${PLACEHOLDER_SUFFIX}`,
    placeholder: true,
  };
}

function toRow(row: PermissionLazyRow, loaded?: Record<string, PermissionLazyRow[]>): LazyTableRow {
  const fetched = loaded?.[row.id];
  if (fetched) {
    return fetched.length ? { ...row, children: fetched.map((c) => toRow(c, loaded)) } : { ...row, hasChildren: false };
  }
  return row.hasChildren ? { ...row, children: [placeholderOf(row)] } : { ...row };
}

function replaceChildren(rows: LazyTableRow[], parentId: string, children: PermissionLazyRow[]): LazyTableRow[] {
  return rows.map((r) => {
    if (r.id === parentId) {
      // No children any more: the row becomes a leaf.
      if (children.length === 0) return { ...r, hasChildren: false, children: undefined };
      return { ...r, children: children.map((c) => toRow(c)) };
    }
    return r.children ? { ...r, children: replaceChildren(r.children, parentId, children) } : r;
  });
}

function isUnloaded(row: LazyTableRow): boolean {
  return row.children?.length === 1 && row.children[0]!.placeholder === true;
}

/** 菜单管理（大菜单）: the same tree loaded one level at a time, for large menus. */
export function PermissionLazyListPage() {
  const queryClient = useQueryClient();
  const [expanded, setExpandedKeys] = useState<Key[]>([]);
  // Read by the loader, which reloads every level the user has open.
  const expandedRef = useRef<Key[]>([]);
  const setExpanded = useCallback((keys: Key[]) => {
    expandedRef.current = keys;
    setExpandedKeys(keys);
  }, []);
  const [formTarget, setFormTarget] = useState<PermissionFormTarget | null>(null);
  const [ruleMenu, setRuleMenu] = useState<{ id: string; name: string } | null>(null);

  const treeKey = ['system', 'permission', 'lazy-tree'] as const;
  /** The top level and, in one call, every level the user has open; levels gone are closed. */
  const tree = useQuery({
    queryKey: treeKey,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const top = await fetchTopMenus();
      const loaded = await fetchSubmenuBatch(expandedRef.current.map(String));
      const next = top.map((r) => toRow(r, loaded));
      const present = new Set<string>();
      const walk = (list: LazyTableRow[]) =>
        list.forEach((r) => {
          if (r.children?.length && !r.placeholder) present.add(r.id);
          if (r.children) walk(r.children);
        });
      walk(next);
      setExpanded(expandedRef.current.filter((k) => present.has(String(k))));
      return next;
    },
  });
  const rows = tree.data ?? [];
  // A failure is shown by the request layer; the rows shown stay.
  const refresh = useCallback(() => tree.refetch(), [tree]);

  const expand = async (open: boolean, row: LazyTableRow) => {
    if (!open || !isUnloaded(row)) return;
    const closeIt = () => setExpanded(expandedRef.current.filter((k) => k !== row.id));
    try {
      const children = await fetchSubmenu(row.id);
      queryClient.setQueryData<LazyTableRow[]>(treeKey, (current) =>
        current ? replaceChildren(current, row.id, children) : current,
      );
      if (children.length === 0) closeIt();
    } catch {
      closeIt();
    }
  };

  const base = usePermissionColumns<LazyTableRow>({
    onEdit: useCallback((row) => setFormTarget({ mode: 'edit', record: row }), []),
    onAddChild: useCallback((row) => setFormTarget({ mode: 'add', parentId: row.id }), []),
    onRules: useCallback((row) => setRuleMenu({ id: row.id, name: row.name }), []),
    onDelete: useCallback(
      async (row) => {
        try {
          feedback.message.success(await deletePermission(row.id));
          await refresh();
        } catch {
          // shown by the request layer
        }
      },
      [refresh],
    ),
  });

  // The placeholder row shows only a loading mark in the name column.
  const columns = useMemo<TableColumnsType<LazyTableRow>>(
    () =>
      base.map((col) => {
        const render = 'render' in col ? col.render : undefined;
        const dataIndex = 'dataIndex' in col ? (col.dataIndex as keyof LazyTableRow) : undefined;
        return {
          ...col,
          render: (value: unknown, row: LazyTableRow, index: number) => {
            if (row.placeholder) {
              return col.key === 'name' ? (
                <Space size="small">
                  <Spin size="small" />
                  {PERMISSION_LAZY_TEXT.loading}
                </Space>
              ) : null;
            }
            if (render) return render(value, row, index);
            return dataIndex ? (row[dataIndex] as ReactNode) : null;
          },
        };
      }),
    [base],
  );

  return (
    <Card variant="borderless">
      <Space wrap style={{ marginBottom: 12 }}>
        <HasPermission action={PERM.permissionAdd}>
          <Button type="primary" onClick={() => setFormTarget({ mode: 'add' })}>
            {PERMISSION_PAGE_TEXT.add}
          </Button>
        </HasPermission>
        <Button onClick={() => void refresh()}>{PERMISSION_LAZY_TEXT.refresh}</Button>
        <Button onClick={() => setExpanded([])}>{PERMISSION_PAGE_TEXT.collapseAll}</Button>
      </Space>
      <Table<LazyTableRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={tree.isFetching}
        pagination={false}
        expandable={{
          expandedRowKeys: expanded,
          onExpandedRowsChange: (keys) => setExpanded([...keys]),
          onExpand: (open, row) => void expand(open, row),
        }}
      />
      <PermissionFormDrawer
        target={formTarget}
        onClose={() => setFormTarget(null)}
        onSaved={() => {
          setFormTarget(null);
          void refresh();
        }}
      />
      <DataRuleDrawer menu={ruleMenu} onClose={() => setRuleMenu(null)} onChanged={() => void refresh()} />
    </Card>
  );
}
