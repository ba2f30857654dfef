import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Empty, Space, Spin, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  MY_DATA_PROFILE_LABELS,
  MY_DATA_RECENT,
  type MyData,
  type MyDataLogRow,
  type MyDataProfile,
} from '@district/shared';
import { errorMessage } from '@/lib/errors';
import { downloadMyData, fetchMyData } from './my-data-api';

export const MY_DATA_TEXT = {
  title: '我的数据',
  open: '查看我的数据',
  download: '下载我的数据（JSON）',
  intro: '以下是本系统保存的与您有关的全部个人信息。手机号和邮箱在系统中加密存储，这里仅向您本人完整显示。',
  none: '无',
} as const;

const profileValue = (key: keyof MyDataProfile, profile: MyDataProfile) => {
  const v = profile[key];
  if (key === 'totpEnabled') return v ? '已开启' : '未开启';
  return v === null || v === '' ? '—' : String(v);
};

const tags = (list: string[]) =>
  list.length ? (
    <Space size={[4, 4]} wrap>
      {list.map((x) => (
        <Tag key={x}>{x}</Tag>
      ))}
    </Space>
  ) : (
    MY_DATA_TEXT.none
  );

function LogTable({ rows, label }: { rows: MyDataLogRow[]; label: string }) {
  return (
    <Table<MyDataLogRow & { key: number }>
      aria-label={label}
      size="small"
      rowKey="key"
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      // Rows of one second may repeat each other: their position keys them.
      dataSource={rows.map((r, key) => ({ ...r, key }))}
      columns={[
        { title: '时间', dataIndex: 'time', width: 170 },
        { title: 'IP', dataIndex: 'ip', width: 130, render: (v: string | null) => v || '—' },
        { title: '内容', dataIndex: 'content', ellipsis: true },
        {
          title: '结果',
          dataIndex: 'result',
          width: 70,
          render: (v: string) => <Tag color={v === '成功' ? 'green' : 'red'}>{v}</Tag>,
        },
      ]}
    />
  );
}

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <section aria-label={title} style={{ marginBottom: 24 }}>
    <Typography.Title level={5}>{title}</Typography.Title>
    {children}
  </section>
);

function MyDataView({ data }: { data: MyData }) {
  return (
    <>
      <Section title="基本信息">
        <Descriptions size="small" column={2} bordered>
          {(Object.keys(MY_DATA_PROFILE_LABELS) as (keyof MyDataProfile)[]).map((key) => (
            <Descriptions.Item key={key} label={MY_DATA_PROFILE_LABELS[key]}>
              {profileValue(key, data.profile)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Section>
      <Section title="组织与权限">
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label="所属部门">{tags(data.departs)}</Descriptions.Item>
          <Descriptions.Item label="角色">{tags(data.roles)}</Descriptions.Item>
          <Descriptions.Item label="职务">{tags(data.positions)}</Descriptions.Item>
          <Descriptions.Item label="所属租户">{tags(data.tenants)}</Descriptions.Item>
        </Descriptions>
      </Section>
      <Section title={`最近登录记录（最多 ${MY_DATA_RECENT} 条）`}>
        <LogTable rows={data.logins} label="登录记录" />
      </Section>
      <Section title={`最近操作记录（最多 ${MY_DATA_RECENT} 条）`}>
        <LogTable rows={data.operations} label="操作记录" />
      </Section>
      <Section title="第三方账号">
        <Table
          size="small"
          rowKey={(r) => `${r.provider}-${r.createTime}`}
          pagination={false}
          dataSource={data.thirdAccounts}
          locale={{ emptyText: MY_DATA_TEXT.none }}
          columns={[
            { title: '平台', dataIndex: 'provider' },
            { title: '名称', dataIndex: 'displayName', render: (v: string | null) => v || '—' },
            { title: '绑定时间', dataIndex: 'createTime', render: (v: string | null) => v || '—' },
          ]}
        />
      </Section>
      <Section title="消息">
        收到的通知公告 {data.messages.total} 条，其中未读 {data.messages.unread} 条
      </Section>
      <Section title="作为持有人的房票">
        <Table
          size="small"
          rowKey="ticketNo"
          pagination={false}
          dataSource={data.tickets}
          locale={{ emptyText: MY_DATA_TEXT.none }}
          columns={[
            { title: '房票编号', dataIndex: 'ticketNo' },
            { title: '持有人', dataIndex: 'holderName' },
            { title: '项目', dataIndex: 'projectName', render: (v: string | null) => v || '—' },
            { title: '状态', dataIndex: 'status' },
            { title: '面额（元）', dataIndex: 'faceAmount', align: 'right' },
            { title: '发放日期', dataIndex: 'issueDate' },
          ]}
        />
      </Section>
      <Section title="个人信息保护告知">
        <Table
          size="small"
          rowKey={(r) => `${r.version}-${r.acceptTime}`}
          pagination={false}
          dataSource={data.consents}
          locale={{ emptyText: '未记录（账号非自助注册）' }}
          columns={[
            { title: '告知', dataIndex: 'title' },
            { title: '版本', dataIndex: 'version' },
            { title: '同意时间', dataIndex: 'acceptTime' },
            { title: 'IP', dataIndex: 'ip', render: (v: string | null) => v || '—' },
          ]}
        />
      </Section>
      <Typography.Text type="secondary">生成时间：{data.generatedAt}</Typography.Text>
    </>
  );
}

/** 个人中心 → 我的数据 (issue 24 item 12): what the system holds about the signed-in user, and its download. */
export function MyDataDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [downloading, setDownloading] = useState(false);
  const query = useQuery({ queryKey: ['account', 'my-data'], queryFn: fetchMyData, enabled: open, staleTime: 0 });

  const download = async () => {
    if (!query.data) return;
    setDownloading(true);
    try {
      await downloadMyData(query.data.profile.username);
    } catch (error) {
      message.warning(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={MY_DATA_TEXT.title}
      size="large"
      destroyOnHidden
      extra={
        <Button type="primary" disabled={!query.data} loading={downloading} onClick={() => void download()}>
          {MY_DATA_TEXT.download}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{MY_DATA_TEXT.intro}</Typography.Paragraph>
      {query.isPending && <Spin />}
      {query.isError && <Empty description={errorMessage(query.error)} />}
      {query.data && <MyDataView data={query.data} />}
    </Drawer>
  );
}
