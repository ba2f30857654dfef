import { Alert, Button, Card, Form, Result, Space, Spin } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PERM, PROJECT_ROUTES, PROJECT_STATUS, type ProjectDetail } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { useRecordForm } from '@/components/form-modal/use-record-form';
import {
  PROJECT_FORM_TEXT,
  ProjectFields,
  projectFormOptions,
  useProjectRecord,
  type ProjectFormValues,
} from '../components/project-form';
import { ProjectDetailView } from '../components/project-detail';
import { useProjectDetail } from '../components/project-modals';
import { ProjectStatusActions } from '../components/project-status';

export const PROJECT_PAGE_TEXT = {
  back: '返回列表',
  save: '保存',
  detail: '项目详情',
  edit: '编辑',
  closed: '已完工的项目不能修改',
  noRight: '没有编辑项目的权限',
} as const;

/** ?id&mode=detail: the project read only, with its status actions and a way to edit it. */
function DetailMode({ id }: { id: string }) {
  const allowed = useHasPermission();
  const detail = useProjectDetail(id);
  const p = detail.data;
  return (
    <Card
      size="small"
      title={PROJECT_PAGE_TEXT.detail}
      extra={
        <Space>
          {p && allowed(PERM.projectEdit) && p.status !== PROJECT_STATUS.completed && (
            <Link to={`${PROJECT_ROUTES.form}?id=${encodeURIComponent(id)}`}>
              <Button>{PROJECT_PAGE_TEXT.edit}</Button>
            </Link>
          )}
          <Link to={PROJECT_ROUTES.list}>
            <Button>{PROJECT_PAGE_TEXT.back}</Button>
          </Link>
        </Space>
      }
    >
      <Spin spinning={detail.isFetching}>
        {detail.error && <Alert type="error" showIcon title={detail.error.message} />}
        {p && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <ProjectStatusActions
              as="button"
              project={p}
              nextStatuses={p.nextStatuses}
              onChanged={() => void detail.refetch()}
            />
            <ProjectDetailView project={p} />
          </Space>
        )}
      </Spin>
    </Card>
  );
}

/** No params: a new project; ?id: edit it. Back to the list once saved. */
function EditMode({ id }: { id: string | null }) {
  const navigate = useNavigate();
  const allowed = useHasPermission();
  const { current, loading, loadError } = useProjectRecord(id, true);
  // The modal's form state on a page: back to the list once saved.
  const { form, saving, submit } = useRecordForm<ProjectDetail, ProjectFormValues>({
    open: true,
    record: current,
    ...projectFormOptions(id),
    onSaved: () => void navigate(PROJECT_ROUTES.list),
  });
  const closed = current?.status === PROJECT_STATUS.completed;
  const mayWrite = allowed(id ? PERM.projectEdit : PERM.projectAdd);
  if (!mayWrite) return <Result status="403" title={PROJECT_PAGE_TEXT.noRight} />;
  return (
    <Card
      size="small"
      title={id ? PROJECT_FORM_TEXT.edit : PROJECT_FORM_TEXT.add}
      extra={
        <Link to={PROJECT_ROUTES.list}>
          <Button>{PROJECT_PAGE_TEXT.back}</Button>
        </Link>
      }
    >
      {loadError && <Alert type="error" showIcon title={loadError} style={{ marginBottom: 12 }} />}
      {closed && <Alert type="warning" showIcon title={PROJECT_PAGE_TEXT.closed} style={{ marginBottom: 12 }} />}
      <Spin spinning={loading}>
        <div style={{ maxWidth: 1000 }}>
          <Form form={form} layout="vertical" name="project-form">
            <ProjectFields current={current} />
          </Form>
          <Space>
            <Button
              type="primary"
              loading={saving}
              disabled={closed || Boolean(loadError) || loading}
              onClick={() => void submit()}
            >
              {PROJECT_PAGE_TEXT.save}
            </Button>
            <Link to={PROJECT_ROUTES.list}>
              <Button>{PROJECT_PAGE_TEXT.back}</Button>
            </Link>
          </Space>
        </div>
      </Spin>
    </Card>
  );
}

/** 项目表单: the project form as a full page (add, edit) or the read-only detail (?id&mode=detail). */
export function ProjectFormPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (id && params.get('mode') === 'detail') return <DetailMode key={id} id={id} />;
  return <EditMode key={id ?? 'new'} id={id} />;
}
