import { Button, Card } from 'antd';
import { useState } from 'react';
import { DATA_LOG_RESOURCE, RESOURCES } from '@district/shared';
import { ListPage } from '@/components/list-page/list-page';
import { columnOf } from '@/components/list-page/list-resource';
import { feedback } from '@/lib/feedback';
import type { DataLogRecord } from '../api/log-api';
import { DataLogCompareModal } from '../components/data-log-compare-modal';
import { LogVerifyButton } from '../components/log-verify-modal';

export const DATA_LOG_TEXT = {
  compare: '数据比较',
  pickTwo: '请选择同一条数据的两个版本进行比较',
} as const;

// A table is shown by its resource's title (资产 for biz_asset); an undeclared one (an online form) by its name.
const TABLE_TITLES = new Map(RESOURCES.map((d) => [d.name, d.title]));
const TABLE_COLUMN = {
  ...columnOf<DataLogRecord>(DATA_LOG_RESOURCE, 'dataTable'),
  render: (v: string) => TABLE_TITLES.get(v) ?? v,
};

/** 数据日志: every version every write left; two versions of one record can be compared. */
export function DataLogListPage() {
  const [compare, setCompare] = useState<[string, string] | null>(null);
  return (
    <Card variant="borderless">
      <ListPage<DataLogRecord, typeof DATA_LOG_RESOURCE>
        resource={DATA_LOG_RESOURCE}
        columns={[TABLE_COLUMN, 'dataId', 'dataVersion', 'action', 'createBy', 'createTime']}
        queryFields={['dataTable', 'dataId', 'createBy']}
        toolbarExtra={(api) => (
          <>
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
            <LogVerifyButton />
          </>
        )}
      />
      <DataLogCompareModal ids={compare} onClose={() => setCompare(null)} />
    </Card>
  );
}
