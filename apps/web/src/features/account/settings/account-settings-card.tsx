import { useEffect, useState } from 'react';
import { App, Button, Card, Form, Select, Switch, TreeSelect } from 'antd';
import { PERM, type AccountSettings, type DepartTreeNode, type PageResult } from '@district/shared';
import { HasPermission } from '@/components/has-permission/has-permission';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { errorMessage } from '@/lib/errors';
import { getAction } from '@/lib/request';
import { fetchAccountSettings, saveAccountSettings } from '../api/account-api';

type Option = { value: string | number; label: string };

/** 账号设置 on the platform settings page: the switches of registration, phone login and password recovery. */
export function AccountSettingsCard() {
  const { message } = App.useApp();
  const canEdit = useHasPermission()(PERM.platformEdit);
  const [form] = Form.useForm<AccountSettings>();
  const [departs, setDeparts] = useState<DepartTreeNode[]>([]);
  const [roles, setRoles] = useState<Option[]>([]);
  const [tenants, setTenants] = useState<Option[]>([]);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const registerOpen = Form.useWatch('registerOpen', form);

  useEffect(() => {
    fetchAccountSettings().then(
      (res) => form.setFieldsValue({ ...res.result, registerTenantId: res.result.registerTenantId || undefined }),
      (error: unknown) => setFailed(errorMessage(error)),
    );
    // The pickers are conveniences: a list the administrator may not read stays empty.
    void getAction<DepartTreeNode[]>('/sys/sysDepart/queryTreeList', undefined, { silent: true }).then(
      (res) => setDeparts(res.result ?? []),
      () => undefined,
    );
    void getAction<{ id: string; roleName: string }[]>('/sys/role/queryall', undefined, { silent: true }).then(
      (res) => setRoles((res.result ?? []).map((r) => ({ value: r.id, label: r.roleName }))),
      () => undefined,
    );
    void getAction<PageResult<{ id: number; name: string }>>(
      '/sys/tenant/list',
      { pageSize: 200 },
      { silent: true },
    ).then(
      (res) => setTenants((res.result?.records ?? []).map((t) => ({ value: t.id, label: t.name }))),
      () => undefined,
    );
  }, [form]);

  const save = async (values: AccountSettings) => {
    setSaving(true);
    try {
      const res = await saveAccountSettings({
        ...values,
        registerDepartId: values.registerDepartId ?? '',
        registerRoleId: values.registerRoleId ?? '',
        registerTenantId: values.registerTenantId ?? 0,
      });
      message.success(res.message);
    } catch (error) {
      message.warning(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  if (failed) return null;
  return (
    <Card type="inner" title="账号设置" style={{ marginTop: 16 }}>
      <Form
        form={form}
        labelCol={{ xs: { span: 24 }, sm: { span: 5 } }}
        wrapperCol={{ xs: { span: 24 }, sm: { span: 14 } }}
        disabled={!canEdit}
        onFinish={(v) => void save(v)}
      >
        <Form.Item label="开放注册" name="registerOpen" valuePropName="checked">
          <Switch aria-label="开放注册" />
        </Form.Item>
        <Form.Item
          label="注册需审核"
          name="registerApproval"
          valuePropName="checked"
          extra="新账号冻结，管理员解冻后方可登录"
        >
          <Switch aria-label="注册需审核" disabled={!registerOpen} />
        </Form.Item>
        <Form.Item label="默认部门" name="registerDepartId">
          <TreeSelect
            aria-label="默认部门"
            allowClear
            treeData={departs}
            fieldNames={{ label: 'departName', value: 'id', children: 'children' }}
            treeDefaultExpandAll
          />
        </Form.Item>
        <Form.Item label="默认角色" name="registerRoleId">
          <Select aria-label="默认角色" allowClear options={roles} />
        </Form.Item>
        <Form.Item label="默认租户" name="registerTenantId">
          <Select aria-label="默认租户" allowClear options={tenants} />
        </Form.Item>
        <Form.Item label="手机号登录" name="phoneLogin" valuePropName="checked">
          <Switch aria-label="手机号登录" />
        </Form.Item>
        <Form.Item label="找回密码" name="alteration" valuePropName="checked">
          <Switch aria-label="找回密码" />
        </Form.Item>
        <Form.Item wrapperCol={{ xs: { span: 24 }, sm: { offset: 5, span: 14 } }}>
          <HasPermission action={PERM.platformEdit}>
            <Button type="primary" htmlType="submit" loading={saving}>
              保存账号设置
            </Button>
          </HasPermission>
        </Form.Item>
      </Form>
    </Card>
  );
}
