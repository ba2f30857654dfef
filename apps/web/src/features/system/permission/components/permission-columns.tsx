import {
  MENU_TYPE,
  MENU_TYPE_LABELS,
  PERM,
  PERMISSION_MESSAGES as M,
  PERMISSION_RESOURCE as R,
  type MenuType,
  type PermissionRecord,
} from '@district/shared';
import { Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useHasPermission } from '@/components/has-permission/use-has-permission';

export const PERMISSION_PAGE_TEXT = { add: '新增菜单', collapseAll: '折叠全部' } as const;

export const PERMISSION_ACTION_TEXT = {
  edit: '编辑',
  addChild: '添加下级',
  rules: '数据规则',
  delete: '删除',
} as const;

export interface PermissionRowActions<T extends PermissionRecord> {
  onEdit: (row: T) => void;
  onAddChild: (row: T) => void;
  onRules: (row: T) => void;
  onDelete: (row: T) => void | Promise<void>;
}

/** Columns of both permission pages (whole tree and lazy tree), actions by permission code. */
export function usePermissionColumns<T extends PermissionRecord>(
  actions: PermissionRowActions<T>,
): TableColumnsType<T> {
  const allowed = useHasPermission();
  const { onEdit, onAddChild, onRules, onDelete } = actions;
  return useMemo(
    () => [
      { title: R.fields.name.title, dataIndex: 'name', key: 'name', width: 240, ellipsis: true },
      {
        title: R.fields.menuType.title,
        dataIndex: 'menuType',
        key: 'menuType',
        width: 100,
        render: (t: MenuType) => (
          <Tag color={t === MENU_TYPE.button ? 'orange' : t === MENU_TYPE.topMenu ? 'blue' : 'cyan'}>
            {MENU_TYPE_LABELS[t] ?? t}
          </Tag>
        ),
      },
      { title: '图标', dataIndex: 'icon', key: 'icon', width: 110, ellipsis: true },
      { title: '组件', dataIndex: 'component', key: 'component', ellipsis: true },
      { title: '路径', dataIndex: 'url', key: 'url', ellipsis: true },
      { title: R.fields.perms.title, dataIndex: 'perms', key: 'perms', ellipsis: true },
      { title: R.fields.sortNo.title, dataIndex: 'sortNo', key: 'sortNo', width: 70 },
      {
        title: '操作',
        key: 'action',
        width: 240,
        render: (_: unknown, row: T) => {
          const isMenu = row.menuType !== MENU_TYPE.button;
          return (
            <Space size="small">
              {allowed(PERM.permissionEdit) && <a onClick={() => onEdit(row)}>{PERMISSION_ACTION_TEXT.edit}</a>}
              {isMenu && allowed(PERM.permissionAdd) && (
                <a onClick={() => onAddChild(row)}>{PERMISSION_ACTION_TEXT.addChild}</a>
              )}
              {isMenu && allowed(PERM.permissionDataRule) && (
                <a onClick={() => onRules(row)}>
                  {PERMISSION_ACTION_TEXT.rules}
                  {row.ruleFlag ? ' ●' : ''}
                </a>
              )}
              {allowed(PERM.permissionDelete) && (
                <Popconfirm title={M.deleteConfirm} onConfirm={() => onDelete(row)}>
                  <a>{PERMISSION_ACTION_TEXT.delete}</a>
                </Popconfirm>
              )}
            </Space>
          );
        },
      },
    ],
    [allowed, onEdit, onAddChild, onRules, onDelete],
  );
}
