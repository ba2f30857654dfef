import { Card, Descriptions, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { LOG_RESOURCE as R } from '@district/shared';
import { ListPage } from '@/components/list-page/list-page';
import { columnOf, type ColumnPick, type QueryPick } from '@/components/list-page/list-resource';
import { LogVerifyButton } from '../components/log-verify-modal';

interface LogRecord {
  id: string;
  logType: number;
  logContent: string;
  username: string | null;
  ip: string | null;
  method: string | null;
  requestUrl: string | null;
  requestType: string | null;
  requestParam: string | null;
  operateType_dictText?: string;
  costTime: number | null;
  result: number;
  createTime: string;
}

const QUERY: QueryPick<typeof R>[] = ['logContent', 'username', 'ip', 'createTime'];

function resultTag(r: LogRecord) {
  return r.result === 1 ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>;
}

const col = (key: keyof typeof R.fields) => columnOf<LogRecord>(R, key);
const RESULT = { ...col('result'), render: (_: unknown, r: LogRecord) => resultTag(r) };

const LOGIN_COLUMNS: ColumnPick<LogRecord, typeof R>[] = [
  'logContent',
  { ...col('username'), width: 140 },
  { ...col('ip'), width: 150 },
  RESULT,
  'createTime',
];

const OPERATION_COLUMNS: ColumnPick<LogRecord, typeof R>[] = [
  // The request: its method and path as the server recorded them.
  { ...col('method'), title: '请求', valueType: 'longText' },
  { ...col('operateType'), width: 100 },
  { ...col('username'), width: 130 },
  { ...col('ip'), width: 140 },
  'costTime',
  RESULT,
  'createTime',
];

/** What a request carried, shown under an operation-log row. */
function RequestDetails({ record }: { record: LogRecord }) {
  let params = record.requestParam ?? '';
  try {
    params = params ? JSON.stringify(JSON.parse(params), null, 2) : '无';
  } catch {
    // Cut-off parameters are shown as stored.
  }
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label={R.fields.requestUrl.title}>{record.requestUrl}</Descriptions.Item>
      {/* requestType holds the HTTP method. */}
      <Descriptions.Item label="请求方法">{record.requestType}</Descriptions.Item>
      <Descriptions.Item label={R.fields.requestParam.title}>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0, fontFamily: 'monospace' }}>
          {params}
        </Typography.Paragraph>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** 日志管理: the login log and the operation log with each request's details. */
export function LogListPage() {
  const [tab, setTab] = useState('1');
  // On a card like every other list, not straight on the page's grey.
  return (
    <Card variant="borderless">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        tabBarExtraContent={<LogVerifyButton />}
        items={[
          {
            key: '1',
            label: '登录日志',
            children: (
              <ListPage<LogRecord, typeof R>
                resource={R}
                defaultParams={{ logType: 1 }}
                columns={LOGIN_COLUMNS}
                queryFields={QUERY}
                selectable={false}
                // Each tab is one log type: no advanced query over the log's fields.
                superQueryFields={[]}
                exportName="登录日志"
              />
            ),
          },
          {
            key: '2',
            label: '操作日志',
            children: (
              <ListPage<LogRecord, typeof R>
                resource={R}
                defaultParams={{ logType: 2 }}
                columns={OPERATION_COLUMNS}
                queryFields={[...QUERY, 'operateType', 'requestUrl']}
                selectable={false}
                // Each tab is one log type: no advanced query over the log's fields.
                superQueryFields={[]}
                exportName="操作日志"
                tableProps={{ expandable: { expandedRowRender: (r) => <RequestDetails record={r} /> } }}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
