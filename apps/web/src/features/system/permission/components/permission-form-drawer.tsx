import {
  MENU_TYPE,
  MENU_TYPE_LABELS,
  PERMISSION_LIMITS,
  PERMISSION_RESOURCE as R,
  PERMISSION_STATUS_LABELS,
  PERMS_TYPE_LABELS,
  ROUTE_VIEW_COMPONENT,
  type MenuType,
  type PermissionRecord,
  type PermissionTreeNode,
} from '@district/shared';
import { Button, Drawer, Form, Input, InputNumber, Radio, Space, Switch, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formField, selectPlaceholder } from '@/components/form-modal/field-rules';
import { useRecordForm } from '@/components/form-modal/use-record-form';
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

/** A save's answer, with the parents whose levels changed (the old one and the new one). */
interface Saved {
  message: string;
  parentIds: (string | null)[];
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
  const editing = target?.mode === 'edit' ? target.record : null;
  // The parent choices: the whole tree, read afresh each time the form opens.
  const parents = useQuery({
    queryKey: ['system', 'permission', 'tree-list'],
    queryFn: fetchPermissionTreeList,
    enabled: target !== null,
  });
  const tree = parents.data?.treeList;
  const { saving, submit } = useRecordForm<PermissionRecord, PermissionFormValues, Saved>({
    form,
    open: target !== null,
    record: editing,
    initialValues: (record) => {
      if (record) return record;
      const type = target?.mode === 'add' ? target.menuType : undefined;
      const parentId = target?.mode === 'add' ? (target.parentId ?? null) : null;
      const menu = type ?? (parentId ? MENU_TYPE.subMenu : MENU_TYPE.topMenu);
      return {
        ...DEFAULTS,
        menuType: menu,
        parentId,
        component: menu === MENU_TYPE.topMenu ? ROUTE_VIEW_COMPONENT : undefined,
      };
    },
    save: async (values, record) => ({
      message: await savePermission(values, record?.id),
      parentIds: [record?.parentId ?? null, values.parentId ?? null],
    }),
    onSaved: ({ parentIds }) => onSaved({ parentIds }),
  });

  const parentOptions = useMemo(() => toParentOptions(tree ?? [], editing?.id ?? null), [tree, editing]);
  const isButton = menuType === MENU_TYPE.button;
  // A button's name is its permission's name.
  const nameLabel = isButton ? '按钮/权限名称' : R.fields.name.title;
  const isTop = menuType === MENU_TYPE.topMenu;

  const title =
    target?.mode === 'edit'
      ? PERMISSION_FORM_TEXT.editTitle
      : target?.parentId
        ? PERMISSION_FORM_TEXT.addChildTitle
        : PERMISSION_FORM_TEXT.addTitle;

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
        <Form.Item {...formField(R, 'menuType')}>
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
        <Form.Item {...formField(R, 'name')} label={nameLabel}>
          <Input placeholder={`请输入${nameLabel}`} />
        </Form.Item>
        {!isTop && (
          <Form.Item {...formField(R, 'parentId')}>
            <TreeSelect
              treeData={parentOptions}
              placeholder={selectPlaceholder(R, 'parentId')}
              showSearch={{ treeNodeFilterProp: 'title' }}
              allowClear
              treeDefaultExpandAll
              styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
            />
          </Form.Item>
        )}
        {!isButton && (
          <>
            <Form.Item {...formField(R, 'url')}>
              <Input placeholder="如 /system/user，外部链接以 http(s):// 开头" />
            </Form.Item>
            <Form.Item {...formField(R, 'component')}>
              <Input placeholder="如 system/UserList" />
            </Form.Item>
            {!isTop && (
              <Form.Item {...formField(R, 'componentName')}>
                <Input placeholder="缓存路由时使用的组件名称" />
              </Form.Item>
            )}
            {isTop && (
              <Form.Item {...formField(R, 'redirect')}>
                <Input placeholder="如 /system/user" />
              </Form.Item>
            )}
            <Form.Item {...formField(R, 'icon')}>
              <Input placeholder="图标名称，如 setting、user、team" allowClear />
            </Form.Item>
          </>
        )}
        {isButton && (
          <>
            <Form.Item {...formField(R, 'perms')}>
              <Input placeholder="如 system:user:add" />
            </Form.Item>
            <Form.Item {...formField(R, 'permsType')}>
              <Radio.Group options={Object.entries(PERMS_TYPE_LABELS).map(([value, label]) => ({ value, label }))} />
            </Form.Item>
            <Form.Item {...formField(R, 'status')}>
              <Radio.Group
                options={Object.entries(PERMISSION_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
              />
            </Form.Item>
          </>
        )}
        <Form.Item {...formField(R, 'sortNo')}>
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
        <Form.Item {...formField(R, 'description')}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
