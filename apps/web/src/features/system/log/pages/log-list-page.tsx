import { Card, Descriptions, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { QueryField } from '../../../../components/list-page/list-query';
import { ListPage } from '../../../../components/list-page/list-page';
import type { ListColumn } from '../../../../components/list-page/list-columns';
import { LOG_URLS } from '../api/log-api';

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

const QUERY: QueryField[] = [
  { field: 'logContent', label: '日志内容', kind: 'input', op: 'like' },
  { field: 'username', label: '操作人', kind: 'input', op: 'like' },
  { field: 'ip', label: 'IP', kind: 'input' },
  { field: 'createTime', label: '时间', kind: 'dateRange', showTime: true },
];

function resultTag(r: LogRecord) {
  return r.result === 1 ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>;
}

const LOGIN_COLUMNS: ListColumn<LogRecord>[] = [
  { title: '日志内容', dataIndex: 'logContent', valueType: 'longText' },
  { title: '操作人', dataIndex: 'username', width: 140, sorter: true },
  { title: 'IP', dataIndex: 'ip', width: 150 },
  { title: '结果', dataIndex: 'result', width: 80, render: (_, r) => resultTag(r) },
  { title: '时间', dataIndex: 'createTime', width: 180, sorter: true },
];

const OPERATION_COLUMNS: ListColumn<LogRecord>[] = [
  { title: '请求', dataIndex: 'method', valueType: 'longText' },
  { title: '操作类型', dataIndex: 'operateType_dictText', width: 100 },
  { title: '操作人', dataIndex: 'username', width: 130, sorter: true },
  { title: 'IP', dataIndex: 'ip', width: 140 },
  { title: '耗时(毫秒)', dataIndex: 'costTime', width: 110, sorter: true },
  { title: '结果', dataIndex: 'result', width: 80, render: (_, r) => resultTag(r) },
  { title: '时间', dataIndex: 'createTime', width: 180, sorter: true },
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
      <Descriptions.Item label="请求路径">{record.requestUrl}</Descriptions.Item>
      <Descriptions.Item label="请求方法">{record.requestType}</Descriptions.Item>
      <Descriptions.Item label="请求参数">
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
        items={[
          {
            key: '1',
            label: '登录日志',
            children: (
              <ListPage<LogRecord>
                url={{ list: LOG_URLS.list, exportXls: LOG_URLS.exportXls }}
                defaultParams={{ logType: 1 }}
                columns={LOGIN_COLUMNS}
                queryFields={QUERY}
                selectable={false}
                exportName="登录日志"
              />
            ),
          },
          {
            key: '2',
            label: '操作日志',
            children: (
              <ListPage<LogRecord>
                url={{ list: LOG_URLS.list, exportXls: LOG_URLS.exportXls }}
                defaultParams={{ logType: 2 }}
                columns={OPERATION_COLUMNS}
                queryFields={[
                  ...QUERY,
                  { field: 'operateType', label: '操作类型', kind: 'dict', dictCode: 'operate_type' },
                  { field: 'requestUrl', label: '请求路径', kind: 'input', op: 'like' },
                ]}
                selectable={false}
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
