import { Alert, Modal, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PROJECT_ROUTES } from '@district/shared';
import { DetailModal } from '../../../components/detail/detail-modal';
import { fetchProjectDetail } from '../api/project-api';
import { PROJECT_FORM_TEXT, PROJECT_FORM_WIDTH, ProjectForm, useProjectForm } from './project-form';
import { ProjectDetailView } from './project-detail';
import { ProjectStatusActions } from './project-status';

export interface ProjectFormModalProps {
  open: boolean;
  /** null when adding. */
  id: string | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新建项目 / 编辑项目 in a modal (the same form as the full page). */
export function ProjectFormModal({ open, id, onClose, onSaved }: ProjectFormModalProps) {
  const { form, current, loading, saving, loadError, submit } = useProjectForm(id, open);
  return (
    <Modal
      open={open}
      title={id ? PROJECT_FORM_TEXT.edit : PROJECT_FORM_TEXT.add}
      width={PROJECT_FORM_WIDTH}
      onCancel={onClose}
      onOk={() => void submit().then((saved) => saved && onSaved())}
      okButtonProps={{ disabled: Boolean(loadError) }}
      confirmLoading={saving}
      forceRender
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto', overflowX: 'hidden' } }}
    >
      {loadError && <Alert type="error" showIcon title={loadError} style={{ marginBottom: 12 }} />}
      <Spin spinning={loading}>
        <ProjectForm form={form} current={current} />
      </Spin>
    </Modal>
  );
}

export function useProjectDetail(id: string | null) {
  return useQuery({
    queryKey: ['project-detail', id],
    queryFn: () => fetchProjectDetail(id!),
    enabled: Boolean(id),
    retry: false,
  });
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
