import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { InternalAxiosRequestConfig } from 'axios';
import {
  PERM,
  PROJECT_API,
  PROJECT_ROUTES,
  PROJECT_TRANSITION_LABELS,
  type AuthEntry,
  type ProjectDetail,
} from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { PROJECT_PAGE_TEXT, ProjectFormPage } from './project-form-page';

vi.mock('@/components/editors/tinymce-editor', () => ({
  TinymceEditor: () => <div data-testid="tinymce" />,
}));

const DETAIL: ProjectDetail = {
  id: 'p1',
  code: 'XM20260001',
  name: '锦江大道改造',
  type: 'renovation',
  typeText: '改造项目',
  leaderId: 'u1',
  leaderName: '张三',
  departId: 'd1',
  departName: '资产管理科',
  budget: 1000,
  actualCost: 1100,
  costRate: 110,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  progress: 40,
  status: 'in_progress',
  statusText: '在建',
  nextStatuses: ['completed', 'suspended'],
  address: '锦江大道1号',
  longitude: null,
  latitude: null,
  description: '<p>一期工程</p>',
  attachments: [{ path: 'project/a.pdf', name: '立项批复.pdf' }],
  remark: null,
  version: 4,
  createBy: 'admin',
  createTime: '2026-01-01 10:00:00',
  updateBy: null,
  updateTime: null,
};

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const ALL = [PERM.projectList, PERM.projectAdd, PERM.projectEdit, PERM.projectStatus];

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(
  route: string,
  routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {},
  perms = ALL,
) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [] });
  const mock = mockHttp({
    [`GET ${PROJECT_API.detail}`]: ok(DETAIL),
    'GET /sys/dict/getDictItems/project_type': ok([
      { value: 'construction', text: '建设项目' },
      { value: 'renovation', text: '改造项目' },
    ]),
    'GET /sys/dict/getDictItems/project_status': ok([{ value: 'in_progress', text: '在建', color: '#1677ff' }]),
    'GET /sys/dict/loadDictItem/sys_depart%2Cdepart_name%2Cid': ok(['资产管理科']),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(
    <Routes>
      <Route path={PROJECT_ROUTES.form} element={<ProjectFormPage />} />
      <Route path={PROJECT_ROUTES.list} element={<div>项目列表页</div>} />
    </Routes>,
    { route },
  );
  return mock;
}

describe('project form page', () => {
  it('reads a project with its status actions (?id&mode=detail)', async () => {
    setup(`${PROJECT_ROUTES.form}?id=p1&mode=detail`);
    expect(await screen.findByText('锦江大道改造')).toBeInTheDocument();
    expect(screen.getByText('改造项目')).toBeInTheDocument();
    expect(screen.getByText('张三')).toBeInTheDocument();
    expect(screen.getByText('立项批复.pdf')).toBeInTheDocument();
    expect(screen.getByText('110.0%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: PROJECT_TRANSITION_LABELS.completed })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: PROJECT_TRANSITION_LABELS.suspended })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PROJECT_TRANSITION_LABELS.in_progress })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: PROJECT_PAGE_TEXT.edit })).toBeInTheDocument();
  });

  it('offers no status action and no edit for a completed project', async () => {
    setup(`${PROJECT_ROUTES.form}?id=p1&mode=detail`, {
      [`GET ${PROJECT_API.detail}`]: ok({ ...DETAIL, status: 'completed', statusText: '已完工', nextStatuses: [] }),
    });
    expect(await screen.findByText('锦江大道改造')).toBeInTheDocument();
    for (const label of Object.values(PROJECT_TRANSITION_LABELS))
      expect(screen.queryByRole('button', { name: label })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PROJECT_PAGE_TEXT.edit })).not.toBeInTheDocument();
  });

  it('shows no status buttons to a user without the status right', async () => {
    setup(`${PROJECT_ROUTES.form}?id=p1&mode=detail`, {}, [PERM.projectList]);
    expect(await screen.findByText('锦江大道改造')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PROJECT_TRANSITION_LABELS.completed })).not.toBeInTheDocument();
  });

  it('edits a project (?id) with its version and goes back to the list once saved', async () => {
    const bodies: Record<string, unknown>[] = [];
    setup(`${PROJECT_ROUTES.form}?id=p1`, {
      'PUT /project/project/edit': (c) => {
        bodies.push(JSON.parse(String(c.data)) as Record<string, unknown>);
        return ok(null, '编辑成功！');
      },
    });
    const name = await screen.findByPlaceholderText('请输入项目名称');
    await waitFor(() => expect(name).toHaveValue('锦江大道改造'));
    await userEvent.clear(name);
    await userEvent.type(name, '锦江大道改造二期');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      id: 'p1',
      version: 4,
      name: '锦江大道改造二期',
      budget: 1000,
      actualCost: 1100,
      progress: 40,
      attachments: 'project/a.pdf',
    });
    expect(bodies[0]).not.toHaveProperty('status');
    expect(bodies[0]).not.toHaveProperty('code');
    expect(await screen.findByText('项目列表页')).toBeInTheDocument();
  }, 60_000);

  it('adds a project on the full page (no params)', async () => {
    const bodies: Record<string, unknown>[] = [];
    setup(PROJECT_ROUTES.form, {
      'POST /project/project/add': (c) => {
        bodies.push(JSON.parse(String(c.data)) as Record<string, unknown>);
        return ok({ id: 'p9' }, '添加成功！');
      },
    });
    await userEvent.type(await screen.findByPlaceholderText('请输入项目名称'), '新建设项目');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: '新建设项目', type: 'construction', progress: 0 });
    expect(bodies[0]).not.toHaveProperty('id');
    expect(await screen.findByText('项目列表页')).toBeInTheDocument();
  }, 60_000);
});
