import { PERM, type PermissionTreeRow } from '@district/shared';
import { Button, Card, Input, Popconfirm, Space, Table } from 'antd';
import { useCallback, useEffect, useMemo, useState, type Key } from 'react';
import { HasPermission } from '../../../../components/has-permission/has-permission';
import { feedback } from '../../../../lib/feedback';
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
  const [rows, setRows] = useState<PermissionTreeRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [name, setName] = useState('');
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [selected, setSelected] = useState<Key[]>([]);
  const [formTarget, setFormTarget] = useState<PermissionFormTarget | null>(null);
  const [ruleMenu, setRuleMenu] = useState<{ id: string; name: string } | null>(null);

  const load = useCallback(async (keyword?: string) => {
    setLoading(true);
    try {
      const tree = await fetchPermissionTree(keyword);
      setRows(tree);
      setExpanded(parentKeys(tree));
      const live = new Set(allIds(tree));
      setSelected((keys) => keys.filter((k) => live.has(String(k))));
    } catch {
      // shown by the request layer
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const reload = useCallback(() => load(name.trim() || undefined), [load, name]);

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
          placeholder="请输入菜单名称"
          value={name}
          allowClear
          onChange={(e) => setName(e.target.value)}
          onPressEnter={() => void reload()}
          style={{ width: 220 }}
          aria-label="菜单名称"
        />
        <Button type="primary" onClick={() => void reload()}>
          {PERMISSION_LIST_TEXT.search}
        </Button>
        <Button
          onClick={() => {
            setName('');
            void load();
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
        loading={loading}
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
