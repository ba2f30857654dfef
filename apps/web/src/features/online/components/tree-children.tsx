import { useEffect, useState } from 'react';
import { Alert, Table, type TableColumnsType } from 'antd';
import { fieldKey, type PageResult } from '@district/shared';
import { getAction } from '../../../lib/request';
import { dataUrls } from '../api/online-api';

type Row = Record<string, unknown> & { id: string };

/** The children of a tree row, asked for when the row is expanded; each child expands the same way. */
export function TreeChildren({
  table,
  parentField,
  parentId,
  columns,
}: {
  table: string;
  parentField: string;
  parentId: string;
  columns: TableColumnsType<Row>;
}) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getAction<PageResult<Row>>(dataUrls(table).list, { [fieldKey(parentField)]: parentId, pageSize: 200 })
      .then((res) => live && setRows(res.result.records))
      .catch(() => live && setError('加载下级失败'));
    return () => {
      live = false;
    };
  }, [table, parentField, parentId]);
  if (error) return <Alert type="error" message={error} />;
  return (
    <Table<Row>
      size="small"
      rowKey="id"
      showHeader={false}
      loading={!rows}
      dataSource={rows ?? []}
      pagination={false}
      columns={columns}
      expandable={{
        rowExpandable: (r) => r.hasChild === '1',
        expandedRowRender: (r) => (
          <TreeChildren table={table} parentField={parentField} parentId={r.id} columns={columns} />
        ),
      }}
    />
  );
}
