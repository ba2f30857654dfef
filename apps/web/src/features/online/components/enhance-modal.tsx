import { useEffect, useState } from 'react';
import { App, Input, List, Modal, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ONLINE_LIMITS, PERM, type OnlineEnhanceVersion } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { useSessionStore } from '@/lib/session-store';
import { loadEnhance, onlineKeys, saveEnhance } from '../api/online-api';

export const ENHANCE_EXAMPLE = `// 在隔离的沙箱中运行：只能读写表单值、增加按钮、调用白名单接口（只读表单数据、字典和报表数据，参数放在 params 中）；
// 读不到页面、令牌和 Cookie，也不能联网或跳转页面。
// buttons: 列表上方的按钮；onButton(key, api)：点击按钮；onLoad / onChange(field, value) / beforeSubmit(values)：表单事件。
enhance({
  buttons: [{ key: 'hello', label: '示例按钮' }],
  onButton(key, api) { api.message('你好'); },
  onLoad(api) {},
  onChange(field, value, api) {},
  beforeSubmit(values, api) { return true; },
});`;

const NO_VERSIONS: OnlineEnhanceVersion[] = [];

/**
 * JS增强 of a form: the newest script and its kept versions; editable by platform administrators holding the
 * enhancement right (the script runs for every tenant's users).
 */
export function EnhanceModal({ tableName, onClose }: { tableName: string | null; onClose: () => void }) {
  const { message } = App.useApp();
  const allowed = useHasPermission();
  const platform = useSessionStore((s) => s.isPlatformAdmin);
  const { data } = useQuery({
    queryKey: onlineKeys.enhance(tableName ?? ''),
    queryFn: () => loadEnhance(tableName!),
    enabled: tableName !== null,
    // Each opening shows the versions as they are now.
    gcTime: 0,
  });
  const [script, setScript] = useState('');
  const [saving, setSaving] = useState(false);
  const versions = data ?? NO_VERSIONS;
  useEffect(() => {
    // The newest version (or the example) fills the editor once the versions arrive.
    if (data) setScript(data[0]?.script ?? ENHANCE_EXAMPLE);
  }, [data]);
  const canSave = platform && allowed(PERM.onlineFormEnhance);
  return (
    <Modal
      open={!!tableName}
      title={`JS增强：${tableName ?? ''}`}
      width={900}
      okText="保存"
      okButtonProps={{ disabled: !canSave, loading: saving }}
      onCancel={onClose}
      onOk={async () => {
        if (!tableName) return;
        setSaving(true);
        try {
          const res = await saveEnhance(tableName, script);
          message.success(res.message);
          onClose();
        } finally {
          setSaving(false);
        }
      }}
      destroyOnHidden
    >
      <Input.TextArea
        aria-label="增强脚本"
        value={script}
        onChange={(e) => setScript(e.target.value)}
        autoSize={{ minRows: 12, maxRows: 24 }}
        style={{ fontFamily: 'monospace' }}
        readOnly={!canSave}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        最多保留 {ONLINE_LIMITS.enhanceVersions} 个版本；不支持服务端 SQL 或 Java 增强。
      </Typography.Paragraph>
      <List
        size="small"
        dataSource={versions}
        renderItem={(v) => (
          <List.Item
            actions={[
              <a key="use" onClick={() => setScript(v.script)}>
                载入
              </a>,
            ]}
          >
            版本 {v.version} · {v.createBy} · {v.createTime}
          </List.Item>
        )}
      />
    </Modal>
  );
}
