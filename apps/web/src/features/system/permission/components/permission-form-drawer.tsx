import {
  MENU_TYPE,
  MENU_TYPE_LABELS,
  MENU_URL_PATTERN,
  PERMISSION_LIMITS,
  PERMISSION_MESSAGES as M,
  PERMISSION_STATUS_LABELS,
  PERMS_PATTERN,
  PERMS_TYPE_LABELS,
  ROUTE_VIEW_COMPONENT,
  type MenuType,
  type PermissionRecord,
  type PermissionTreeNode,
} from '@district/shared';
import { Button, Drawer, Form, Input, InputNumber, Radio, Space, Switch, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { feedback } from '../../../../lib/feedback';
import { fetchPermissionTreeList, savePermission, type PermissionFormValues } from '../api/permission-api';

export const PERMISSION_FORM_TEXT = {
  addTitle: '新增菜单',
  editTitle: '编辑菜单',
  addChildTitle: '添加下级',
  cancel: '关闭',
  submit: '确定',
} as const;

/** What the drawer edits: a record, or a new entry (optionally under a parent). */
export type PermissionFormTarget =
  { mode: 'edit'; record: PermissionRecord } | { mode: 'add'; parentId?: string | null; menuType?: MenuType };

interface PermissionFormDrawerProps {
  target: PermissionFormTarget | null;
  onClose: () => void;
  /** After a successful save, so the page reloads what changed (the old and new parent). */
  onSaved: (changed: { parentIds: (string | null)[] }) => void;
}

interface ParentOption {
  value: string;
  title: string;
  disabled?: boolean;
  children?: ParentOption[];
}

/** Buttons cannot hold children, and an entry cannot move under itself or its own subtree. */
function toParentOptions(nodes: PermissionTreeNode[], excluded: string | null, inExcluded = false): ParentOption[] {
  return nodes.map((n) => {
    const blocked = inExcluded || n.key === excluded;
    return {
      value: n.key,
      title: n.title,
      disabled: blocked || n.menuType === MENU_TYPE.button,
      ...(n.children?.length ? { children: toParentOptions(n.children, excluded, blocked) } : {}),
    };
  });
}

// Switches show booleans; the API stores 0/1.
const switchProps = {
  valuePropName: 'checked',
  getValueProps: (v: unknown) => ({ checked: v === 1 || v === true }),
  normalize: (checked: boolean) => (checked ? 1 : 0),
} as const;

const DEFAULTS: PermissionFormValues = {
  menuType: MENU_TYPE.topMenu,
  component: ROUTE_VIEW_COMPONENT,
  sortNo: 1,
  isRoute: 1,
  hidden: 0,
  hideTab: 0,
  keepAlive: 0,
  alwaysShow: 0,
  internalOrExternal: 0,
  permsType: '1',
  status: '1',
};

/** The one menu/button form both permission pages share. */
export function PermissionFormDrawer({ target, onClose, onSaved }: PermissionFormDrawerProps) {
  const [form] = Form.useForm<PermissionFormValues>();
  const menuType = Form.useWatch('menuType', form) as MenuType | undefined;
  const [tree, setTree] = useState<PermissionTreeNode[]>([]);
  const [saving, setSaving] = useState(false);
  const editing = target?.mode === 'edit' ? target.record : null;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.mode === 'edit') {
      form.setFieldsValue(target.record);
    } else {
      const type = target.menuType ?? (target.parentId ? MENU_TYPE.subMenu : MENU_TYPE.topMenu);
      form.setFieldsValue({
        ...DEFAULTS,
        menuType: type,
        parentId: target.parentId ?? null,
        component: type === MENU_TYPE.topMenu ? ROUTE_VIEW_COMPONENT : undefined,
      });
    }
    let live = true;
    fetchPermissionTreeList()
      .then((r) => live && setTree(r.treeList))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [target, form]);

  const parentOptions = useMemo(() => toParentOptions(tree, editing?.id ?? null), [tree, editing]);
  const isButton = menuType === MENU_TYPE.button;
  const isTop = menuType === MENU_TYPE.topMenu;

  const title =
    target?.mode === 'edit'
      ? PERMISSION_FORM_TEXT.editTitle
      : target?.parentId
        ? PERMISSION_FORM_TEXT.addChildTitle
        : PERMISSION_FORM_TEXT.addTitle;

  const submit = async () => {
    // Invalid fields show their messages under the fields.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const message = await savePermission(values, editing?.id);
      feedback.message.success(message);
      onSaved({ parentIds: [editing?.parentId ?? null, values.parentId ?? null] });
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      title={title}
      open={target !== null}
      size={640}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{PERMISSION_FORM_TEXT.cancel}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            {PERMISSION_FORM_TEXT.submit}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        name="permissionForm"
        layout="horizontal"
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 17 }}
        preserve={false}
      >
        <Form.Item name="menuType" label="菜单类型" rules={[{ required: true, message: M.menuTypeRequired }]}>
          <Radio.Group
            onChange={(e) => {
              // A top-level menu usually only groups its sub-menus.
              if (e.target.value === MENU_TYPE.topMenu && !form.getFieldValue('component')) {
                form.setFieldValue('component', ROUTE_VIEW_COMPONENT);
              }
            }}
            options={(Object.keys(MENU_TYPE_LABELS) as unknown as MenuType[]).map((k) => ({
              value: Number(k),
              label: MENU_TYPE_LABELS[k],
            }))}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={isButton ? '按钮/权限名称' : '菜单名称'}
          rules={[
            { required: true, whitespace: true, message: M.nameRequired },
            { max: PERMISSION_LIMITS.name, message: M.nameTooLong },
          ]}
        >
          <Input placeholder={isButton ? '请输入按钮/权限名称' : '请输入菜单名称'} />
        </Form.Item>
        {!isTop && (
          <Form.Item name="parentId" label="上级菜单" rules={[{ required: true, message: M.parentRequired }]}>
            <TreeSelect
              treeData={parentOptions}
              placeholder="请选择上级菜单"
              showSearch={{ treeNodeFilterProp: 'title' }}
              allowClear
              treeDefaultExpandAll
              styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
            />
          </Form.Item>
        )}
        {!isButton && (
          <>
            <Form.Item
              name="url"
              label="菜单路径"
              rules={[
                { required: true, whitespace: true, message: M.urlRequired },
                { pattern: MENU_URL_PATTERN, message: M.urlInvalid },
              ]}
            >
              <Input placeholder="如 /system/user，外部链接以 http(s):// 开头" />
            </Form.Item>
            <Form.Item
              name="component"
              label="前端组件"
              rules={[{ required: true, whitespace: true, message: M.componentRequired }]}
            >
              <Input placeholder="如 system/UserList" />
            </Form.Item>
            {!isTop && (
              <Form.Item name="componentName" label="组件名称">
                <Input placeholder="缓存路由时使用的组件名称" />
              </Form.Item>
            )}
            {isTop && (
              <Form.Item name="redirect" label="默认跳转地址">
                <Input placeholder="如 /system/user" />
              </Form.Item>
            )}
            <Form.Item name="icon" label="菜单图标" rules={[{ max: PERMISSION_LIMITS.icon, message: M.tooLong(100) }]}>
              <Input placeholder="图标名称，如 setting、user、team" allowClear />
            </Form.Item>
          </>
        )}
        {isButton && (
          <>
            <Form.Item
              name="perms"
              label="授权标识"
              rules={[
                { required: true, whitespace: true, message: M.permsRequired },
                { pattern: PERMS_PATTERN, message: M.permsInvalid },
                { max: PERMISSION_LIMITS.perms, message: M.permsTooLong },
              ]}
            >
              <Input placeholder="如 system:user:add" />
            </Form.Item>
            <Form.Item name="permsType" label="授权策略">
              <Radio.Group options={Object.entries(PERMS_TYPE_LABELS).map(([value, label]) => ({ value, label }))} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Radio.Group
                options={Object.entries(PERMISSION_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="sortNo" label="排序">
          <InputNumber min={0} max={PERMISSION_LIMITS.sortNo} precision={0} style={{ width: 200 }} />
        </Form.Item>
        {!isButton && (
          <>
            <Form.Item name="isRoute" label="是否路由" {...switchProps}>
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
            <Form.Item name="hidden" label="隐藏路由" {...switchProps}>
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
            <Form.Item name="hideTab" label="隐藏Tab" {...switchProps}>
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
            <Form.Item name="keepAlive" label="是否缓存路由" {...switchProps}>
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
            <Form.Item name="alwaysShow" label="聚合路由" {...switchProps}>
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
            <Form.Item name="internalOrExternal" label="打开方式" {...switchProps}>
              <Switch checkedChildren="外部" unCheckedChildren="内部" />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="description"
          label="描述"
          rules={[{ max: PERMISSION_LIMITS.description, message: M.tooLong(PERMISSION_LIMITS.description) }]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
