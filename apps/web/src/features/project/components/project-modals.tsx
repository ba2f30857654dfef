import { Alert, Form, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PROJECT_ROUTES, type ProjectDetail } from '@district/shared';
import { DetailModal } from '@/components/detail/detail-modal';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { projectDetailQuery } from '../api/project-api';
import {
  PROJECT_FORM_TEXT,
  PROJECT_FORM_WIDTH,
  ProjectFields,
  projectFormOptions,
  useProjectRecord,
  type ProjectFormValues,
} from './project-form';
import { ProjectDetailView } from './project-detail';
import { ProjectStatusActions } from './project-status';

export interface ProjectFormModalProps {
  open: boolean;
  /** null when adding. */
  id: string | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新建项目 / 编辑项目 in a modal (the same fields as the full page). */
export function ProjectFormModal({ open, id, onClose, onSaved }: ProjectFormModalProps) {
  const [form] = Form.useForm<ProjectFormValues>();
  const { current, loading, loadError } = useProjectRecord(id, open);
  return (
    <RecordFormModal<ProjectDetail, ProjectFormValues>
      open={open}
      record={current}
      editing={id !== null}
      form={form}
      titles={PROJECT_FORM_TEXT}
      formName="project-form"
      width={PROJECT_FORM_WIDTH}
      layout="vertical"
      loading={loading}
      loadError={loadError}
      modalProps={{ styles: { body: { maxHeight: '70vh', overflowY: 'auto', overflowX: 'hidden' } } }}
      {...projectFormOptions(id)}
      onClose={onClose}
      onSaved={onSaved}
    >
      <ProjectFields current={current} />
    </RecordFormModal>
  );
}

export function useProjectDetail(id: string | null) {
  return useQuery({ ...projectDetailQuery(id ?? ''), enabled: Boolean(id) });
}

/** 详情: the project read only, with its status actions. */
export function ProjectDetailModal({
  id,
  onClose,
  onChanged,
}: {
  id: string | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const detail = useProjectDetail(id);
  const p = detail.data;
  return (
    <DetailModal open={Boolean(id)} onClose={onClose} title="项目详情" width={1000}>
      <Spin spinning={detail.isFetching}>
        {detail.error && <Alert type="error" showIcon title={detail.error.message} />}
        {p && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Link to={`${PROJECT_ROUTES.form}?id=${encodeURIComponent(p.id)}&mode=detail`} onClick={onClose}>
              整页查看
            </Link>
            <ProjectStatusActions
              as="button"
              project={p}
              nextStatuses={p.nextStatuses}
              onChanged={() => {
                void detail.refetch();
                onChanged();
              }}
            />
            <ProjectDetailView project={p} />
          </Space>
        )}
      </Spin>
    </DetailModal>
  );
}
