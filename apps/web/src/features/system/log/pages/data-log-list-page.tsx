import { Button, Card } from 'antd';
import { useState } from 'react';
import { ListPage } from '../../../../components/list-page/list-page';
import type { ListColumn } from '../../../../components/list-page/list-columns';
import { feedback } from '../../../../lib/feedback';
import { LOG_URLS, type DataLogRecord } from '../api/log-api';
import { DataLogCompareModal } from '../components/data-log-compare-modal';

export const DATA_LOG_TEXT = {
  compare: '数据比较',
  pickTwo: '请选择同一条数据的两个版本进行比较',
} as const;

const COLUMNS: ListColumn<DataLogRecord>[] = [
  { title: '表名', dataIndex: 'dataTable', width: 160, sorter: true },
  { title: '数据ID', dataIndex: 'dataId', valueType: 'code' },
  { title: '版本号', dataIndex: 'dataVersion', width: 90, sorter: true },
  { title: '操作', dataIndex: 'action_dictText', width: 90 },
  { title: '操作人', dataIndex: 'createBy', width: 120, sorter: true },
  { title: '时间', dataIndex: 'createTime', width: 180, sorter: true },
];

/** 数据日志: every version every write left; two versions of one record can be compared. */
export function DataLogListPage() {
  const [compare, setCompare] = useState<[string, string] | null>(null);
  return (
    <Card variant="borderless">
      <ListPage<DataLogRecord>
        url={{ list: LOG_URLS.dataLogList }}
        columns={COLUMNS}
        queryFields={[
          { field: 'dataTable', label: '表名', kind: 'input' },
          { field: 'dataId', label: '数据ID', kind: 'input' },
          { field: 'createBy', label: '操作人', kind: 'input', op: 'like' },
        ]}
        toolbarExtra={(api) => (
          <Button
            onClick={() => {
              const rows = api.selectedRows;
              const [a, b] = rows;
              if (rows.length !== 2 || !a || !b || a.dataTable !== b.dataTable || a.dataId !== b.dataId) {
                feedback.message.warning(DATA_LOG_TEXT.pickTwo);
                return;
              }
              setCompare([a.id, b.id]);
            }}
          >
            {DATA_LOG_TEXT.compare}
          </Button>
        )}
      />
      <DataLogCompareModal ids={compare} onClose={() => setCompare(null)} />
    </Card>
  );
}
