import { lazy, Suspense } from 'react';
import { Descriptions, Skeleton, Space, Typography } from 'antd';
import type { AssetPoint, ProjectDetail } from '@district/shared';
import { sanitizeRichText } from '../../../components/editors/sanitize-rich-text';
import { getFileAccessHttpUrl } from '../../../lib/request';
import { formatYuan } from '../api/project-api';
import { CostCell } from './cost-cell';
import { ProjectProgress, ProjectStatusTag } from './project-status';

const AssetMap = lazy(() => import('../../../components/map').then((m) => ({ default: m.AssetMap })));

export const PROJECT_DETAIL_TEXT = {
  noAttachments: '无附件',
  noPoint: '未标注位置',
  map: '项目位置',
} as const;

function PointMap({ project }: { project: ProjectDetail }) {
  if (project.longitude === null || project.latitude === null) {
    return <Typography.Text type="secondary">{PROJECT_DETAIL_TEXT.noPoint}</Typography.Text>;
  }
  const point: AssetPoint = [project.id, project.longitude, project.latitude, 'in_use', ''];
  return (
    <>
      <div style={{ marginBottom: 8 }}>
        经度 {project.longitude.toFixed(6)}，纬度 {project.latitude.toFixed(6)}
      </div>
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 220 }} />}>
        <AssetMap points={[point]} height={220} legend={false} fitKey={project.id} />
      </Suspense>
    </>
  );
}

/** Every field of a project, read only: labels, money in yuan, progress, attachments, description, map point. */
export function ProjectDetailView({ project }: { project: ProjectDetail }) {
  const p = project;
  return (
    <>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="项目编号">{p.code}</Descriptions.Item>
        <Descriptions.Item label="项目名称">{p.name}</Descriptions.Item>
        <Descriptions.Item label="项目类型">{p.typeText}</Descriptions.Item>
        <Descriptions.Item label="项目状态">
          <ProjectStatusTag status={p.status} text={p.statusText} />
        </Descriptions.Item>
        <Descriptions.Item label="项目负责人">{p.leaderName ?? ''}</Descriptions.Item>
        <Descriptions.Item label="所属部门">{p.departName ?? ''}</Descriptions.Item>
        <Descriptions.Item label="预算(元)">{formatYuan(p.budget)}</Descriptions.Item>
        <Descriptions.Item label="实际成本(元)">
          <CostCell budget={p.budget} actualCost={p.actualCost} />
        </Descriptions.Item>
        <Descriptions.Item label="成本占预算">
          {p.costRate === null ? '' : `${p.costRate.toFixed(1)}%`}
        </Descriptions.Item>
        <Descriptions.Item label="进度">
          <div style={{ minWidth: 160 }}>
            <ProjectProgress progress={p.progress} status={p.status} />
          </div>
        </Descriptions.Item>
        <Descriptions.Item label="开始日期">{p.startDate ?? ''}</Descriptions.Item>
        <Descriptions.Item label="结束日期">{p.endDate ?? ''}</Descriptions.Item>
        <Descriptions.Item label="项目地址" span="filled">
          {p.address ?? ''}
        </Descriptions.Item>
        <Descriptions.Item label="附件" span="filled">
          {p.attachments.length ? (
            <Space orientation="vertical">
              {p.attachments.map((a) => (
                <a key={a.path} href={getFileAccessHttpUrl(a.path)} target="_blank" rel="noreferrer" download>
                  {a.name}
                </a>
              ))}
            </Space>
          ) : (
            <Typography.Text type="secondary">{PROJECT_DETAIL_TEXT.noAttachments}</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="项目描述" span="filled">
          {p.description ? (
            <div
              className="project-description"
              dangerouslySetInnerHTML={{ __html: sanitizeRichText(p.description) }}
            />
          ) : (
            ''
          )}
        </Descriptions.Item>
        <Descriptions.Item label="备注" span="filled">
          {p.remark ?? ''}
        </Descriptions.Item>
        <Descriptions.Item label="创建人">{p.createBy ?? ''}</Descriptions.Item>
        <Descriptions.Item label="创建时间">{p.createTime ?? ''}</Descriptions.Item>
        <Descriptions.Item label="更新人">{p.updateBy ?? ''}</Descriptions.Item>
        <Descriptions.Item label="更新时间">{p.updateTime ?? ''}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {PROJECT_DETAIL_TEXT.map}
      </Typography.Title>
      <PointMap project={p} />
    </>
  );
}
