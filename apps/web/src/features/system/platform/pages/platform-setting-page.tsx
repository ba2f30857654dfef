import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Result, Skeleton } from 'antd';
import { LOGO_URL_PATTERN, PERM, PLATFORM_LIMITS, PLATFORM_MESSAGES, type PlatformSettings } from '@district/shared';
import { HasPermission } from '../../../../components/has-permission/has-permission';
import { useHasPermission } from '../../../../components/has-permission/use-has-permission';
import { errorMessage } from '../../../../lib/errors';
import { logoSource, usePlatformStore } from '../../../../lib/platform';
import { fetchPlatformSettings, savePlatformSettings } from '../api/platform-api';

// The server's own rules and messages, so a mistake is named the same on both sides.
const SYSTEM_NAME_RULES = [
  { required: true, whitespace: true, message: PLATFORM_MESSAGES.systemNameRequired },
  { max: PLATFORM_LIMITS.systemName, message: PLATFORM_MESSAGES.systemNameTooLong },
];
const LOGO_TITLE_RULES = [
  { required: true, whitespace: true, message: PLATFORM_MESSAGES.logoTitleRequired },
  { max: PLATFORM_LIMITS.logoTitle, message: PLATFORM_MESSAGES.logoTitleTooLong },
];
const LOGO_URL_RULES = [
  { max: PLATFORM_LIMITS.logoUrl, message: PLATFORM_MESSAGES.logoUrlTooLong },
  { pattern: LOGO_URL_PATTERN, message: PLATFORM_MESSAGES.logoUrlScheme },
];

/** 平台设置: the system name and logo shown by the shell. */
export function PlatformSettingPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasPermission()(PERM.platformEdit);
  const [form] = Form.useForm<PlatformSettings>();
  const settings = useQuery({ queryKey: ['platform-settings'], queryFn: fetchPlatformSettings });
  const logoUrl = Form.useWatch('logoUrl', form);

  const save = useMutation({
    mutationFn: savePlatformSettings,
    onSuccess: async (res) => {
      message.success(res.message || '保存成功');
      await queryClient.invalidateQueries({ queryKey: ['platform-settings'] });
      // The shell's name and logo come from the platform info.
      await usePlatformStore.getState().refresh();
    },
  });

  if (settings.isError)
    return <Result status="warning" title="无法读取平台设置" subTitle={errorMessage(settings.error)} />;

  return (
    <Card title="平台设置">
      {settings.isPending ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          labelCol={{ xs: { span: 24 }, sm: { span: 5 } }}
          wrapperCol={{ xs: { span: 24 }, sm: { span: 14 } }}
          disabled={!canEdit}
          initialValues={settings.data}
          onFinish={(values) =>
            save.mutate({
              systemName: values.systemName.trim(),
              logoUrl: (values.logoUrl ?? '').trim(),
              logoTitle: values.logoTitle.trim(),
            })
          }
        >
          <Form.Item label="系统名称" name="systemName" required rules={SYSTEM_NAME_RULES}>
            <Input placeholder="请输入系统名称" maxLength={PLATFORM_LIMITS.systemName} showCount />
          </Form.Item>
          <Form.Item
            label="菜单Logo标题"
            name="logoTitle"
            required
            rules={LOGO_TITLE_RULES}
            extra="显示在左侧菜单顶部的 Logo 旁"
          >
            <Input placeholder="请输入菜单Logo标题" maxLength={PLATFORM_LIMITS.logoTitle} showCount />
          </Form.Item>
          <Form.Item label="Logo地址" name="logoUrl" extra="留空则使用默认 Logo" rules={LOGO_URL_RULES}>
            <Input placeholder="请输入Logo图片地址" maxLength={PLATFORM_LIMITS.logoUrl} />
          </Form.Item>
          <Form.Item label="Logo预览">
            <img src={logoSource(logoUrl)} alt="logo" style={{ height: 48 }} />
          </Form.Item>
          <Form.Item wrapperCol={{ xs: { span: 24 }, sm: { offset: 5, span: 14 } }}>
            <HasPermission action={PERM.platformEdit}>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                保存
              </Button>
            </HasPermission>
          </Form.Item>
        </Form>
      )}
    </Card>
  );
}
