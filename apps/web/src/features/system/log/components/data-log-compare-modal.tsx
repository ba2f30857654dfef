import { useQuery } from '@tanstack/react-query';
import { Modal, Table, Typography } from 'antd';
import { errorMessage } from '@/lib/errors';
import { compareVersions, type DataLogRecord } from '../api/log-api';

interface Row {
  field: string;
  title: string;
  older: string;
  newer: string;
  changed: boolean;
}

function show(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * Turns two versions into one row per field, marking the fields that differ: the server's readable form (titles,
 * names, yuan, labels) when it gives one, else the stored content.
 */
export function diffVersions(older: DataLogRecord, newer: DataLogRecord): Row[] {
  if (older.dataFields && newer.dataFields) {
    const before = new Map(older.dataFields.map((f) => [f.field, f]));
    const after = new Map(newer.dataFields.map((f) => [f.field, f]));
    const fields = [...new Set([...before.keys(), ...after.keys()])];
    return fields.map((field) => {
      const a = before.get(field)?.text ?? '';
      const b = after.get(field)?.text ?? '';
      const title = (before.get(field) ?? after.get(field))!.title;
      return { field, title, older: a, newer: b, changed: a !== b };
    });
  }
  const a = JSON.parse(older.dataContent) as Record<string, unknown>;
  const b = JSON.parse(newer.dataContent) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields.map((field) => {
    const older = show(a[field]);
    const newer = show(b[field]);
    return { field, title: field, older, newer, changed: older !== newer };
  });
}

/** 数据比较: two versions of one record side by side, changed fields highlighted. */
export function DataLogCompareModal({ ids, onClose }: { ids: [string, string] | null; onClose: () => void }) {
  const compared = useQuery({
    queryKey: ['system', 'data-log', 'compare', ids],
    queryFn: () => compareVersions(ids![0], ids![1]),
    enabled: ids !== null,
  });
  const error = compared.error ? errorMessage(compared.error, '比较失败') : null;
  const [older, newer] = compared.data ?? [];
  const rows = older && newer ? diffVersions(older, newer) : [];
  return (
    <Modal title="数据比较" open={ids !== null} onCancel={onClose} footer={null} width={900} destroyOnHidden>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      {older && newer && (
        <Table<Row>
          size="small"
          rowKey="field"
          pagination={false}
          dataSource={rows}
          scroll={{ y: 480 }}
          onRow={(r) => ({ style: r.changed ? { background: 'var(--ant-color-warning-bg)' } : undefined })}
          columns={[
            { title: '字段', dataIndex: 'title', width: 160 },
            { title: `版本 ${older.dataVersion}（${older.createTime}）`, dataIndex: 'older' },
            { title: `版本 ${newer.dataVersion}（${newer.createTime}）`, dataIndex: 'newer' },
          ]}
        />
      )}
    </Modal>
  );
}
