import { Modal, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../../lib/errors';
import { compareVersions, type DataLogRecord } from '../api/log-api';

interface Row {
  field: string;
  older: string;
  newer: string;
  changed: boolean;
}

function show(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** Turns two stored versions into one row per field, marking the fields that differ. */
export function diffVersions(older: DataLogRecord, newer: DataLogRecord): Row[] {
  const a = JSON.parse(older.dataContent) as Record<string, unknown>;
  const b = JSON.parse(newer.dataContent) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields.map((field) => {
    const older = show(a[field]);
    const newer = show(b[field]);
    return { field, older, newer, changed: older !== newer };
  });
}

/** 数据比较: two versions of one record side by side, changed fields highlighted. */
export function DataLogCompareModal({ ids, onClose }: { ids: [string, string] | null; onClose: () => void }) {
  const [versions, setVersions] = useState<DataLogRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!ids) return;
    let active = true;
    setVersions(null);
    setError(null);
    compareVersions(ids[0], ids[1])
      .then((v) => active && setVersions(v))
      .catch((e: unknown) => active && setError(errorMessage(e, '比较失败')));
    return () => {
      active = false;
    };
  }, [ids]);

  const [older, newer] = versions ?? [];
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
            { title: '字段', dataIndex: 'field', width: 160 },
            { title: `版本 ${older.dataVersion}（${older.createTime}）`, dataIndex: 'older' },
            { title: `版本 ${newer.dataVersion}（${newer.createTime}）`, dataIndex: 'newer' },
          ]}
        />
      )}
    </Modal>
  );
}
