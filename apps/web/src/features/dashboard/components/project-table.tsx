import { Link } from 'react-router';
import { Card, Progress, Table, Tag } from 'antd';
import { PROJECT_RESOURCE, PROJECT_ROUTES, PROJECT_STATUS_ITEMS, type DashboardProjectRow } from '@district/shared';

const F = PROJECT_RESOURCE.fields;

const orDash = (value: string | null | undefined) => value || '-';

const statusColor = (status: string) => PROJECT_STATUS_ITEMS.find((s) => s.value === status)?.color;

/** The latest projects with their progress; the name opens the project's detail page. */
export function ProjectTable({ rows }: { rows: DashboardProjectRow[] }) {
  return (
    <Card title="最新项目" size="small" className="dashboard-projects">
      <Table<DashboardProjectRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 720 }}
        locale={{ emptyText: '暂无项目' }}
        columns={[
          {
            title: F.name.title,
            dataIndex: 'name',
            render: (name: string, r) => (
              <Link to={`${PROJECT_ROUTES.form}?id=${encodeURIComponent(r.id)}&mode=detail`}>{name}</Link>
            ),
          },
          { title: F.code.title, dataIndex: 'code', width: 160 },
          { title: '类型', dataIndex: 'typeText', width: 100 },
          {
            title: '状态',
            dataIndex: 'statusText',
            width: 90,
            render: (text: string, r) => <Tag color={statusColor(r.status)}>{text}</Tag>,
          },
          { title: '负责部门', dataIndex: 'departName', width: 130, render: (v: string | null) => orDash(v) },
          { title: '计划完工', dataIndex: 'endDate', width: 110, render: (v: string | null) => orDash(v) },
          {
            title: '进度',
            dataIndex: 'progress',
            width: 180,
            render: (p: number, r) => (
              <Progress
                percent={p}
                size="small"
                status={r.status === 'completed' ? 'success' : 'normal'}
                // Paused, not failed: the status colour and the percentage rather than a red cross.
                strokeColor={r.status === 'suspended' ? statusColor(r.status) : undefined}
                format={(v) => `${v ?? 0}%`}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}

export default ProjectTable;
