import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Divider, Form, InputNumber, Select, Skeleton, Switch } from 'antd';
import {
  IDLE_LIMITS,
  OFFICER_ROLE_NAME,
  PASSWORD_CLASSES,
  PASSWORD_CLASS_LABELS,
  PASSWORD_LIMITS,
  PERM,
  ROLE_ADMIN_API,
  SECURITY_MESSAGES as M,
  type RoleOption,
  type SecuritySettings,
} from '@district/shared';
import { HasPermission } from '@/components/has-permission/has-permission';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { errorMessage } from '@/lib/errors';
import { getAction } from '@/lib/request';
import { fetchSecuritySettings, saveSecuritySettings } from '../api/security-api';

export const SECURITY_TEXT = {
  title: '安全设置',
  save: '保存安全设置',
  readOnly: '安全设置由安全管理员维护，您只能查看。',
  defaultRoles: (names: string) => `留空时要求以下角色使用：${names || '无'}（可管理用户、角色、权限或平台设置的角色）`,
  officerMode: `开启后，${OFFICER_ROLE_NAME.system}、${OFFICER_ROLE_NAME.security}、${OFFICER_ROLE_NAME.audit}各司其职：任何账号不能同时担任其中两个职责，日志只有${OFFICER_ROLE_NAME.audit}可以查看。存在同时担任多个职责的账号时无法开启。`,
  demoAccounts: '列出的演示账号登录时无需二次验证，也不会被要求修改其公开的密码。正式上线前请清空。',
} as const;

const whole = (min: number, max: number, message: string) => [
  { required: true, message },
  { type: 'integer' as const, min, max, message },
];

/** 平台设置 → 安全设置: password rule and lifetime, idle timeout, second factor, demo accounts, 三员分立. */
export function SecuritySettingsCard() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasPermission()(PERM.securityEdit);
  const [form] = Form.useForm<SecuritySettings>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const settings = useQuery({ queryKey: ['security-settings'], queryFn: fetchSecuritySettings });
  // A picker's convenience: roles the administrator may not list are shown by their code.
  const roles = useQuery({
    queryKey: ['security-settings', 'roles'],
    queryFn: async () =>
      (await getAction<RoleOption[]>(ROLE_ADMIN_API.queryall, undefined, { silent: true })).result ?? [],
  });

  const nameOf = useMemo(() => {
    const names = new Map((roles.data ?? []).map((r) => [r.roleCode, r.roleName]));
    return (code: string) => names.get(code) ?? code;
  }, [roles.data]);
  const roleOptions = useMemo(() => {
    const codes = new Set([...(roles.data ?? []).map((r) => r.roleCode), ...(settings.data?.totpRoleCodes ?? [])]);
    return [...codes].map((code) => ({ value: code, label: nameOf(code) }));
  }, [roles.data, settings.data, nameOf]);

  const save = useMutation({
    mutationFn: (values: SecuritySettings) =>
      saveSecuritySettings({
        ...values,
        password: { ...values.password, classes: PASSWORD_CLASSES.filter((c) => values.password.classes.includes(c)) },
        demoAccounts: values.demoAccounts.map((n) => n.trim()).filter(Boolean),
      }),
    onSuccess: async (res) => {
      setRefusal(null);
      message.success(res.message || '保存成功');
      queryClient.setQueryData(['security-settings'], res.result);
      form.setFieldsValue(res.result);
      await queryClient.invalidateQueries({ queryKey: ['security-settings'] });
    },
    onError: (error) => {
      const text = errorMessage(error);
      setRefusal(text);
      message.warning(text);
    },
  });

  // Without read access (a tenant administrator) the card is not shown.
  if (settings.isError) return null;
  const defaults = settings.data?.totpDefaultRoleCodes ?? [];

  return (
    <Card type="inner" title={SECURITY_TEXT.title} style={{ marginTop: 16 }}>
      {settings.isPending ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          labelCol={{ xs: { span: 24 }, sm: { span: 5 } }}
          wrapperCol={{ xs: { span: 24 }, sm: { span: 14 } }}
          disabled={!canEdit}
          initialValues={settings.data}
          onValuesChange={() => setRefusal(null)}
          onFinish={(values) => save.mutate(values)}
        >
          {!canEdit && <Alert type="info" showIcon title={SECURITY_TEXT.readOnly} style={{ marginBottom: 16 }} />}
          <Divider>密码策略</Divider>
          <Form.Item
            label="最小长度"
            name={['password', 'minLength']}
            rules={whole(PASSWORD_LIMITS.minLength, PASSWORD_LIMITS.maxLength, M.minLengthRange)}
            extra={`${PASSWORD_LIMITS.minLength}–${PASSWORD_LIMITS.maxLength} 位`}
          >
            <InputNumber aria-label="最小长度" precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label="必须包含" name={['password', 'classes']} extra="所选每类字符至少出现一次">
            <Checkbox.Group options={PASSWORD_CLASSES.map((c) => ({ value: c, label: PASSWORD_CLASS_LABELS[c] }))} />
          </Form.Item>
          <Form.Item
            label="有效期"
            name={['password', 'maxAgeDays']}
            rules={whole(0, PASSWORD_LIMITS.maxAgeDays, M.maxAgeRange)}
            extra="0 表示永不过期；过期后登录须先修改密码"
          >
            <InputNumber aria-label="有效期" precision={0} suffix="天" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            label="到期提醒"
            name={['password', 'warnDays']}
            rules={whole(0, PASSWORD_LIMITS.warnDays, M.warnRange)}
            extra="到期前多少天起，登录后提醒用户修改"
          >
            <InputNumber aria-label="到期提醒" precision={0} suffix="天" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            label="历史密码"
            name={['password', 'historyCount']}
            rules={whole(0, PASSWORD_LIMITS.historyCount, M.historyRange)}
            extra="新密码不能与最近这么多次用过的密码相同（0 表示不限制）"
          >
            <InputNumber aria-label="历史密码" precision={0} suffix="次" style={{ width: 160 }} />
          </Form.Item>
          <Divider>会话与二次验证</Divider>
          <Form.Item
            label="空闲超时"
            name="idleMinutes"
            rules={whole(IDLE_LIMITS.min, IDLE_LIMITS.max, M.idleRange)}
            extra="超过此时间未操作，自动退出登录"
          >
            <InputNumber aria-label="空闲超时" precision={0} suffix="分钟" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            label="须二次验证的角色"
            name="totpRoleCodes"
            extra={SECURITY_TEXT.defaultRoles(defaults.map(nameOf).join('、'))}
          >
            <Select
              aria-label="须二次验证的角色"
              mode="multiple"
              allowClear
              optionFilterProp="label"
              options={roleOptions}
              placeholder="留空使用默认角色"
            />
          </Form.Item>
          <Form.Item label="演示账号" name="demoAccounts" extra={SECURITY_TEXT.demoAccounts}>
            <Select aria-label="演示账号" mode="tags" allowClear open={false} placeholder="输入用户名后回车" />
          </Form.Item>
          <Divider>三员分立</Divider>
          <Form.Item
            label="三员分立模式"
            name="threeOfficerMode"
            valuePropName="checked"
            extra={SECURITY_TEXT.officerMode}
          >
            <Switch aria-label="三员分立模式" />
          </Form.Item>
          {refusal && (
            <Form.Item wrapperCol={{ xs: { span: 24 }, sm: { offset: 5, span: 14 } }}>
              <Alert type="error" showIcon title={refusal} />
            </Form.Item>
          )}
          <Form.Item wrapperCol={{ xs: { span: 24 }, sm: { offset: 5, span: 14 } }}>
            <HasPermission action={PERM.securityEdit}>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {SECURITY_TEXT.save}
              </Button>
            </HasPermission>
          </Form.Item>
        </Form>
      )}
    </Card>
  );
}
