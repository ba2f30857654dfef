import { useEffect, useState } from 'react';
import { Alert, Table, Tabs, Typography } from 'antd';
import {
  fieldKey,
  ONLINE_LIMITS,
  ONLINE_MESSAGES,
  type OnlineFormDef,
  type OnlinePageConfig,
  type PageResult,
} from '@district/shared';
import { getAction } from '../../../lib/request';
import { dataUrls } from '../api/online-api';

type Row = Record<string, unknown> & { id: string };

/** A sub table's rows of one main row, asked for up to 3 times before 打开子表失败 (app-spec §8). */
export async function loadSubRows(table: string, foreignKey: string, mainId: string): Promise<Row[]> {
  let lastError: unknown;
  for (let attempt = 0; attempt < ONLINE_LIMITS.subTableRetries; attempt++) {
    try {
      const res = await getAction<PageResult<Row>>(
        dataUrls(table).list,
        { [fieldKey(foreignKey)]: mainId, pageSize: 200 },
        { silent: true },
      );
      return res.result.records;
    } catch (error) {
      lastError = error;
    }
  }
  throw new Error(ONLINE_MESSAGES.subTableFailed, { cause: lastError });
}

function SubList({ form, foreignKey, mainId }: { form: OnlineFormDef; foreignKey: string; mainId: string }) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setRows(null);
    setError(null);
    loadSubRows(form.tableName, foreignKey, mainId)
      .then((r) => live && setRows(r))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [form.tableName, foreignKey, mainId]);
  if (error) return <Alert type="error" showIcon message={error} />;
  return (
    <Table<Row>
      size="small"
      rowKey="id"
      loading={!rows}
      dataSource={rows ?? []}
      pagination={false}
      columns={form.fields
        .filter((f) => f.showList !== false && f.name !== foreignKey)
        .map((f) => ({
          title: f.label,
          dataIndex: fieldKey(f.name),
          render: (v: unknown, r: Row) => String(r[`${fieldKey(f.name)}_dictText`] ?? v ?? ''),
        }))}
    />
  );
}

/** Sub tables of the selected main row: below the list (ERP, inner table) or in tabs (tab theme). */
export function SubTables({ config, mainId }: { config: OnlinePageConfig; mainId: string | null }) {
  if (!mainId) return <Typography.Text type="secondary">选择一条主表记录以查看附表</Typography.Text>;
  const items = config.subForms.map((sub) => {
    const link = config.form.subTables.find((s) => s.table === sub.tableName);
    return {
      key: sub.tableName,
      label: sub.title,
      children: link ? <SubList form={sub} foreignKey={link.foreignKey} mainId={mainId} /> : null,
    };
  });
  if (config.form.theme === 'tab') return <Tabs items={items} />;
  return (
    <>
      {items.map((i) => (
        <div key={i.key} style={{ marginTop: 16 }}>
          <Typography.Title level={5}>{i.label}</Typography.Title>
          {i.children}
        </div>
      ))}
    </>
  );
}
