import { useEffect, useState } from 'react';
import { Alert, App, Checkbox, Modal, Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { loadReportSystemTables, saveReportSystemTables } from '../api/online-api';

export const SYSTEM_TABLES_TEXT = {
  title: '系统表授权',
  note: '报表默认只能查询业务表和已同步的在线表单表（按查看者的租户过滤）。勾选的系统表会对报表开放，且读取所有租户的数据：查询这些表的报表只有平台管理员可以查看。令牌、日志、密钥等表不在此列。',
} as const;

/**
 * 系统表授权: which system tables online reports may read. A platform administrator's choice (the server refuses
 * anyone else's); the list offered is the server's, secrets never among it.
 */
export function ReportSystemTablesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const { data, isLoading } = useQuery({
    queryKey: ['online', 'report-system-tables'],
    enabled: open,
    queryFn: loadReportSystemTables,
  });
  const [chosen, setChosen] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open && data) setChosen(data.allowed);
  }, [open, data]);
  return (
    <Modal
      open={open}
      title={SYSTEM_TABLES_TEXT.title}
      destroyOnHidden
      confirmLoading={saving}
      onCancel={onClose}
      onOk={async () => {
        setSaving(true);
        try {
          const res = await saveReportSystemTables(chosen);
          client.setQueryData(['online', 'report-system-tables'], res.result);
          message.success(res.message);
          onClose();
        } finally {
          setSaving(false);
        }
      }}
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={SYSTEM_TABLES_TEXT.note} />
      {isLoading || !data ? (
        <Spin />
      ) : (
        <Checkbox.Group
          value={chosen}
          onChange={(v) => setChosen(v as string[])}
          options={data.available.map((t) => ({ label: t, value: t }))}
          style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', rowGap: 8 }}
        />
      )}
    </Modal>
  );
}
