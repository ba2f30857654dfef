import { PERM, PERMISSION_RESOURCE as R, type PermissionTreeRow } from '@district/shared';
import { Button, Card, Input, Popconfirm, Space, Table } from 'antd';
import { useCallback, useMemo, useState, type Key } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { inputPlaceholder } from '@/components/form-modal/field-rules';
import { HasPermission } from '@/components/has-permission/has-permission';
import { feedback } from '@/lib/feedback';
import { deletePermission, deletePermissions, fetchPermissionTree } from '../api/permission-api';
import { DataRuleDrawer } from '../components/data-rule-drawer';
import { PERMISSION_PAGE_TEXT, usePermissionColumns } from '../components/permission-columns';
import { PermissionFormDrawer, type PermissionFormTarget } from '../components/permission-form-drawer';

export const PERMISSION_LIST_TEXT = {
  ...PERMISSION_PAGE_TEXT,
  search: '查询',
  reset: '重置',
  expandAll: '展开全部',
  batchDelete: '批量删除',
  clearSelection: '清空选择',
  batchDeleteConfirm: '确定删除选中的菜单吗？其下级菜单和按钮会一并删除',
  selected: (n: number) => `已选择 ${n} 项`,
} as const;

function parentKeys(rows: PermissionTreeRow[], out: string[] = []): string[] {
  for (const r of rows) {
    if (r.children?.length) {
      out.push(r.id);
      parentKeys(r.children, out);
    }
  }
  return out;
}

function allIds(rows: PermissionTreeRow[]): string[] {
  return rows.flatMap((r) => [r.id, ...allIds(r.children ?? [])]);
}

/** 菜单管理: the whole menu/button tree as a tree table, expanded. */
export function PermissionListPage() {
  const [name, setName] = useState('');
  // The name searched for: the typed one once 查询 (or a reload) asks for it.
  const [keyword, setKeyword] = useState('');
  const [selectedKeys, setSelected] = useState<Key[]>([]);
  const [formTarget, setFormTarget] = useState<PermissionFormTarget | null>(null);
  const [ruleMenu, setRuleMenu] = useState<{ id: string; name: string } | null>(null);

  // A failure is shown by the request layer; the rows shown stay.
  const tree = useQuery({
    queryKey: ['system', 'permission', 'tree', keyword],
    queryFn: () => fetchPermissionTree(keyword || undefined),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => tree.data ?? [], [tree.data]);
  // Each tree arrives fully expanded; the user's folding holds until the next one.
  const [folded, setFolded] = useState<{ of: PermissionTreeRow[]; keys: readonly Key[] } | null>(null);
  const expanded = folded?.of === rows ? folded.keys : parentKeys(rows);
  const setExpanded = (keys: readonly Key[]) => setFolded({ of: rows, keys });
  // Selected rows that are gone are no longer selected.
  const selected = useMemo(() => {
    const live = new Set(allIds(rows));
    return selectedKeys.filter((k) => live.has(String(k)));
  }, [rows, selectedKeys]);

  const search = useCallback(
    (next: string) => {
      if (next === keyword) return tree.refetch();
      setKeyword(next);
    },
    [keyword, tree],
  );
  const reload = useCallback(() => search(name.trim()), [search, name]);

  const columns = usePermissionColumns<PermissionTreeRow>({
    onEdit: useCallback((row) => setFormTarget({ mode: 'edit', record: row }), []),
    onAddChild: useCallback((row) => setFormTarget({ mode: 'add', parentId: row.id }), []),
    onRules: useCallback((row) => setRuleMenu({ id: row.id, name: row.name }), []),
    onDelete: useCallback(
      async (row) => {
        try {
          feedback.message.success(await deletePermission(row.id));
          await reload();
        } catch {
          // shown by the request layer
        }
      },
      [reload],
    ),
  });

  const allParents = useMemo(() => parentKeys(rows), [rows]);

  const batchDelete = async () => {
    try {
      feedback.message.success(await deletePermissions(selected.map(String)));
      setSelected([]);
      await reload();
    } catch {
      // shown by the request layer
    }
  };

  return (
    <Card variant="borderless">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input
          placeholder={inputPlaceholder(R, 'name')}
          value={name}
          allowClear
          onChange={(e) => setName(e.target.value)}
          onPressEnter={() => void reload()}
          style={{ width: 220 }}
          aria-label={R.fields.name.title}
        />
        <Button type="primary" onClick={() => void reload()}>
          {PERMISSION_LIST_TEXT.search}
        </Button>
        <Button
          onClick={() => {
            setName('');
            void search('');
          }}
        >
          {PERMISSION_LIST_TEXT.reset}
        </Button>
        <HasPermission action={PERM.permissionAdd}>
          <Button type="primary" onClick={() => setFormTarget({ mode: 'add' })}>
            {PERMISSION_LIST_TEXT.add}
          </Button>
        </HasPermission>
        <Button onClick={() => setExpanded(allParents)}>{PERMISSION_LIST_TEXT.expandAll}</Button>
        <Button onClick={() => setExpanded([])}>{PERMISSION_LIST_TEXT.collapseAll}</Button>
        {selected.length > 0 && (
          <>
            <span>{PERMISSION_LIST_TEXT.selected(selected.length)}</span>
            <HasPermission action={PERM.permissionDelete}>
              <Popconfirm title={PERMISSION_LIST_TEXT.batchDeleteConfirm} onConfirm={batchDelete}>
                <Button danger>{PERMISSION_LIST_TEXT.batchDelete}</Button>
              </Popconfirm>
            </HasPermission>
            <Button onClick={() => setSelected([])}>{PERMISSION_LIST_TEXT.clearSelection}</Button>
          </>
        )}
      </Space>
      <Table<PermissionTreeRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={tree.isFetching}
        pagination={false}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: setExpanded }}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected, checkStrictly: true }}
      />
      <PermissionFormDrawer
        target={formTarget}
        onClose={() => setFormTarget(null)}
        onSaved={() => {
          setFormTarget(null);
          void reload();
        }}
      />
      <DataRuleDrawer menu={ruleMenu} onClose={() => setRuleMenu(null)} onChanged={() => void reload()} />
    </Card>
  );
}
