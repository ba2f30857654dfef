import { lazy, Suspense } from 'react';
import { Descriptions, Skeleton, Space, Typography } from 'antd';
import { PROJECT_RESOURCE, type AssetPoint, type ProjectDetail } from '@district/shared';
import { sanitizeRichText } from '@/components/editors/sanitize-rich-text';
import { getFileAccessHttpUrl } from '@/lib/request';
import { formatYuan } from '../api/project-api';
import { CostCell } from './cost-cell';
import { ProjectProgress, ProjectStatusTag } from './project-status';

const F = PROJECT_RESOURCE.fields;

const AssetMap = lazy(() => import('@/components/map').then((m) => ({ default: m.AssetMap })));

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
        <Descriptions.Item label={F.code.title}>{p.code}</Descriptions.Item>
        <Descriptions.Item label={F.name.title}>{p.name}</Descriptions.Item>
        <Descriptions.Item label={F.type.title}>{p.typeText}</Descriptions.Item>
        <Descriptions.Item label={F.status.title}>
          <ProjectStatusTag status={p.status} text={p.statusText} />
        </Descriptions.Item>
        <Descriptions.Item label={F.leaderId.title}>{p.leaderName ?? ''}</Descriptions.Item>
        <Descriptions.Item label={F.departId.title}>{p.departName ?? ''}</Descriptions.Item>
        <Descriptions.Item label={F.budget.title}>{formatYuan(p.budget)}</Descriptions.Item>
        <Descriptions.Item label={F.actualCost.title}>
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
        <Descriptions.Item label={F.startDate.title}>{p.startDate ?? ''}</Descriptions.Item>
        <Descriptions.Item label={F.endDate.title}>{p.endDate ?? ''}</Descriptions.Item>
        <Descriptions.Item label={F.address.title} span="filled">
          {p.address ?? ''}
        </Descriptions.Item>
        <Descriptions.Item label={F.attachments.title} span="filled">
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
        <Descriptions.Item label={F.description.title} span="filled">
          {p.description ? (
            <div
              className="project-description"
              dangerouslySetInnerHTML={{ __html: sanitizeRichText(p.description) }}
            />
          ) : (
            ''
          )}
        </Descriptions.Item>
        <Descriptions.Item label={F.remark.title} span="filled">
          {p.remark ?? ''}
        </Descriptions.Item>
        <Descriptions.Item label={F.createBy.title}>{p.createBy ?? ''}</Descriptions.Item>
        <Descriptions.Item label={F.createTime.title}>{p.createTime ?? ''}</Descriptions.Item>
        <Descriptions.Item label="更新人">{p.updateBy ?? ''}</Descriptions.Item>
        <Descriptions.Item label={F.updateTime.title}>{p.updateTime ?? ''}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {PROJECT_DETAIL_TEXT.map}
      </Typography.Title>
      <PointMap project={p} />
    </>
  );
}
