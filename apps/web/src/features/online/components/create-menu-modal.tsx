import { Form, Input, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MENU_TYPE, ONLINE_API, PERMISSION_RESOURCE, resourceUrls, type PermissionTreeRow } from '@district/shared';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { getAction, postAction } from '@/lib/request';

export interface MenuTarget {
  kind: 'form' | 'report';
  id: string;
  /** Proposed menu name: the form's title or the report's name. */
  name: string;
  /** The page's path, shown so the administrator sees what the entry opens. */
  url: string;
}

interface MenuValues {
  parentId?: string;
  name: string;
}

const TITLE = '生成菜单';
/** 菜单管理's tree (the parent choices). */
const MENU_TREE_URL = resourceUrls(PERMISSION_RESOURCE.path).list;

interface MenuNode {
  value: string;
  title: string;
  children?: MenuNode[];
}

/** Menus and sub menus only: a page entry never hangs under a button. */
function menuNodes(rows: PermissionTreeRow[]): MenuNode[] {
  return rows
    .filter((r) => Number(r.menuType) !== MENU_TYPE.button)
    .map((r) => {
      const children = menuNodes(r.children ?? []);
      return { value: r.id, title: r.name, children: children.length ? children : undefined };
    });
}

/**
 * 生成菜单: the menu entry of a form's auto list (or a report's page) with its buttons, under a chosen parent —
 * the component kind and the permission codes are filled in by the server.
 */
export function CreateMenuModal({ target, onClose }: { target: MenuTarget | null; onClose: () => void }) {
  const { data: tree, isLoading } = useQuery({
    queryKey: ['online', 'menu-tree'],
    enabled: !!target,
    queryFn: async () => menuNodes((await getAction<PermissionTreeRow[]>(MENU_TREE_URL)).result ?? []),
  });
  return (
    <RecordFormModal<MenuTarget, MenuValues>
      open={!!target}
      record={target}
      titles={{ add: TITLE, edit: TITLE }}
      formName="online-create-menu"
      width={520}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
      destroyOnHidden
      initialValues={(t) => ({ parentId: undefined, name: t?.name })}
      save={(v, t) =>
        postAction<{ id: string }>(t?.kind === 'report' ? ONLINE_API.reportMenu : ONLINE_API.formMenu, {
          id: t?.id,
          parentId: v.parentId ?? null,
          name: v.name,
        })
      }
      onClose={onClose}
      onSaved={onClose}
    >
      <Form.Item label="菜单名称" name="name" rules={[{ required: true, whitespace: true, message: '请输入菜单名称' }]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label="上级菜单" name="parentId" extra="不选则为一级菜单">
        <TreeSelect
          aria-label="上级菜单"
          allowClear
          showSearch
          treeNodeFilterProp="title"
          loading={isLoading}
          treeData={tree ?? []}
          placeholder="请选择上级菜单"
        />
      </Form.Item>
      <Form.Item label="页面地址">{target?.url}</Form.Item>
    </RecordFormModal>
  );
}
