import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { PERM, PROJECT_API, PROJECT_MESSAGES, PROJECT_TRANSITION_LABELS, type AuthEntry } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { PHONE_WIDTH, screenWidth } from '@/components/list-page/screen-width.testing';
import type { ProjectRecord } from '../api/project-api';
import { PROJECT_LIST_TEXT, ProjectListPage } from './project-list-page';

// TinyMCE needs a real browser (the journeys cover it); the form only needs a stand-in here.
vi.mock('@/components/editors/tinymce-editor', () => ({
  TinymceEditor: () => <div data-testid="tinymce" />,
}));

const base: ProjectRecord = {
  id: 'p1',
  code: 'XM20260001',
  name: '锦江大道改造',
  type: 'renovation',
  type_dictText: '改造项目',
  leaderId: 'u1',
  leaderId_dictText: '张三',
  departId: 'd1',
  departId_dictText: '资产管理科',
  budget: 1000000,
  actualCost: 500000.5,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  progress: 35,
  status: 'planned',
  status_dictText: '计划',
  address: null,
  longitude: null,
  latitude: null,
  description: null,
  attachments: null,
  remark: null,
  version: 2,
};
const ROWS: ProjectRecord[] = [
  base,
  {
    ...base,
    id: 'p2',
    code: 'XM20260002',
    name: '安置房一期',
    status: 'in_progress',
    status_dictText: '在建',
    budget: 100,
    actualCost: 105,
  },
  {
    ...base,
    id: 'p3',
    code: 'XM20260003',
    name: '旧城投资',
    status: 'completed',
    status_dictText: '已完工',
    progress: 100,
    budget: 100,
    actualCost: 115,
  },
  { ...base, id: 'p4', code: 'XM20260004', name: '停工项目', status: 'suspended', status_dictText: '已暂停' },
];

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const ALL = [
  PERM.projectList,
  PERM.projectAdd,
  PERM.projectEdit,
  PERM.projectDelete,
  PERM.projectExport,
  PERM.projectImport,
  PERM.projectStatus,
];

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {}, perms = ALL) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [] });
  const mock = mockHttp({
    'GET /project/project/list': ok({ records: ROWS, total: 4, size: 20, current: 1, pages: 1 }),
    'GET /sys/dict/getDictItems/project_type': ok([
      { value: 'construction', text: '建设项目' },
      { value: 'renovation', text: '改造项目' },
    ]),
    'GET /sys/dict/getDictItems/project_status': ok([
      { value: 'planned', text: '计划', color: '#8c8c8c' },
      { value: 'in_progress', text: '在建', color: '#1677ff' },
    ]),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(<ProjectListPage />, { route: '/project/list' });
  return mock;
}

const ERROR = '.ant-form-item-explain-error';
const row = (text: string) => screen.getByText(text).closest('tr')!;
const okButton = (scope: HTMLElement) => within(scope).getByRole('button', { name: /确\s*定|OK|保\s*存/ });
const L = PROJECT_TRANSITION_LABELS;

describe('project list page', () => {
  it('lists projects with yuan, a progress bar, status tags and over-budget marks', async () => {
    setup();
    expect(await screen.findByText('锦江大道改造')).toBeInTheDocument();
    const r = row('锦江大道改造');
    expect(within(r).getByText('1,000,000.00')).toBeInTheDocument();
    expect(within(r).getByText('500,000.50')).toBeInTheDocument();
    expect(within(r).getByText('计划')).toBeInTheDocument();
    expect(within(r).getByText('张三')).toBeInTheDocument();
    expect(within(r).getByText('资产管理科')).toBeInTheDocument();
    expect(within(r).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '35');
    expect(r.querySelector('[data-over-budget]')).toBeNull();
    // 105% of the budget: orange; 115%: red.
    expect(row('安置房一期').querySelector('[data-over-budget]')).toHaveAttribute('data-over-budget', 'orange');
    expect(row('旧城投资').querySelector('[data-over-budget]')).toHaveAttribute('data-over-budget', 'red');
    expect(within(row('旧城投资')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('offers only the status changes the state machine allows, and no edit of a completed project', async () => {
    setup();
    await screen.findByText('锦江大道改造');
    const offered = (name: string) => Object.values(L).filter((label) => within(row(name)).queryByText(label) !== null);
    expect(offered('锦江大道改造')).toEqual([L.in_progress]);
    expect(offered('安置房一期').sort()).toEqual([L.completed, L.suspended].sort());
    expect(offered('停工项目')).toEqual([L.in_progress]);
    expect(offered('旧城投资')).toEqual([]);
    expect(within(row('旧城投资')).queryByText(PROJECT_LIST_TEXT.edit)).not.toBeInTheDocument();
    expect(within(row('锦江大道改造')).getByText(PROJECT_LIST_TEXT.edit)).toBeInTheDocument();
  });

  it('keeps a completed project: only 详情, no 删除, and no empty divider in any row', async () => {
    setup();
    await screen.findByText('锦江大道改造');
    const links = (name: string) => {
      const cell = row(name).querySelector('.list-page-row-actions')!;
      // Links and dividers in order; a divider shows as |.
      return [...cell.children].map((c) => (c.classList.contains('ant-divider') ? '|' : c.textContent)).join('');
    };
    expect(links('旧城投资')).toBe('详情');
    expect(links('安置房一期')).toBe(`详情|编辑|${L.completed}|${L.suspended}|删除`);
    expect(links('锦江大道改造')).toBe(`详情|编辑|${L.in_progress}|删除`);
  });

  it('changes a status after a confirmation, with the row’s version', async () => {
    const bodies: unknown[] = [];
    setup({
      [`PUT ${PROJECT_API.status}`]: (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok({ version: 3, status: 'in_progress', progress: 35 }, '项目状态已变更！');
      },
    });
    await screen.findByText('锦江大道改造');
    await userEvent.click(within(row('锦江大道改造')).getByText(L.in_progress));
    expect((await screen.findAllByText(`确定对项目“锦江大道改造”执行“${L.in_progress}”吗？`)).length).toBeGreaterThan(
      0,
    );
    expect(bodies).toEqual([]);
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toEqual([{ id: 'p1', status: 'in_progress', version: 2 }]));
  });

  it('hides what the user may not do: no add, edit, delete or status buttons for a reader', async () => {
    setup({}, [PERM.projectList]);
    await screen.findByText('锦江大道改造');
    expect(screen.queryByRole('button', { name: PROJECT_LIST_TEXT.add })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PROJECT_LIST_TEXT.addPage })).not.toBeInTheDocument();
    const r = row('锦江大道改造');
    expect(within(r).queryByText(PROJECT_LIST_TEXT.edit)).not.toBeInTheDocument();
    expect(within(r).queryByText(L.in_progress)).not.toBeInTheDocument();
    expect(within(r).queryByText('删除')).not.toBeInTheDocument();
    expect(within(r).getByText(PROJECT_LIST_TEXT.details)).toBeInTheDocument();
  });

  it('checks the form: name required, progress 0–100 whole, money not negative; nothing sent', async () => {
    const bodies: unknown[] = [];
    setup({
      'POST /project/project/add': (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok({ id: 'p9' }, '添加成功！');
      },
    });
    await screen.findByText('锦江大道改造');
    await userEvent.click(screen.getByRole('button', { name: PROJECT_LIST_TEXT.add }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByPlaceholderText('保存后自动生成')).toBeDisabled();
    await userEvent.type(within(dialog).getByPlaceholderText('0–100'), '101');
    await userEvent.type(within(dialog).getByPlaceholderText('请输入预算'), '-5');
    await userEvent.click(okButton(dialog));
    expect(await within(dialog).findByText(PROJECT_MESSAGES.nameRequired, { selector: ERROR })).toBeInTheDocument();
    expect(await within(dialog).findByText(PROJECT_MESSAGES.progress, { selector: ERROR })).toBeInTheDocument();
    expect(await within(dialog).findByText(PROJECT_MESSAGES.money('预算'), { selector: ERROR })).toBeInTheDocument();
    expect(bodies).toEqual([]);
  }, 60_000);

  it('saves a new project and shows the server’s over-budget warning as a warning', async () => {
    const bodies: Record<string, unknown>[] = [];
    const warning = PROJECT_MESSAGES.overBudget('110.0');
    setup({
      'POST /project/project/add': (c) => {
        bodies.push(JSON.parse(String(c.data)) as Record<string, unknown>);
        return ok({ id: 'p9', warning }, `添加成功！${warning}`);
      },
    });
    await screen.findByText('锦江大道改造');
    await userEvent.click(screen.getByRole('button', { name: PROJECT_LIST_TEXT.add }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByPlaceholderText('请输入项目名称'), '新项目');
    await userEvent.type(within(dialog).getByPlaceholderText('请输入预算'), '100');
    await userEvent.type(within(dialog).getByPlaceholderText('请输入实际成本'), '110');
    await userEvent.click(okButton(dialog));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      name: '新项目',
      type: 'construction',
      budget: 100,
      actualCost: 110,
      progress: 0,
    });
    const notice = await screen.findByText(`添加成功！${warning}`);
    expect(notice.closest('.ant-message-notice')?.querySelector('.ant-message-warning')).not.toBeNull();
  }, 60_000);

  it('keeps 项目编号 and 项目名称 on the left and 操作 on the right while the other columns scroll', async () => {
    setup();
    await screen.findByText('锦江大道改造');
    const header = (name: RegExp) => screen.getByRole('columnheader', { name }).className;
    expect(header(/项目编号/)).toMatch(/ant-table-cell-fix-(left|start)/);
    expect(header(/项目名称/)).toMatch(/ant-table-cell-fix-(left|start)/);
    expect(header(/预算/)).not.toMatch(/ant-table-cell-fix/);
    expect(header(/操作/)).toMatch(/ant-table-cell-fix-(right|end)/);
  });
});

describe('project list on a 390 px phone', () => {
  let restoreScreen = () => undefined as void;
  beforeEach(() => {
    restoreScreen = screenWidth(PHONE_WIDTH);
  });
  afterEach(() => restoreScreen());

  it('folds the query form and shows each project as a card: name, code, status, leader and its actions', async () => {
    setup();
    const list = await screen.findByRole('list', { name: '记录' });
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    expect(document.querySelector('.ant-table')).toBeNull();
    const form = screen.getByRole('search');
    expect(within(form).getByRole('textbox', { name: '项目名称' })).toBeVisible();
    expect(within(form).queryByRole('combobox', { name: '项目类型' })).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: '筛选' })).toBeInTheDocument();

    const card = (name: string) =>
      within(list)
        .getAllByRole('listitem')
        .find((c) => c.getAttribute('aria-label') === name)!;
    const open = card('安置房一期');
    expect(within(open).getByText('XM20260002')).toBeInTheDocument();
    expect(within(open).getByText('在建')).toBeInTheDocument();
    expect(within(open).getByText('张三')).toBeInTheDocument();
    expect(within(open).getByText(L.completed)).toBeInTheDocument();
    expect(within(open).getByText('删除')).toBeInTheDocument();
    const done = card('旧城投资');
    expect(within(done).getByText('已完工')).toBeInTheDocument();
    expect(within(done).getByText(PROJECT_LIST_TEXT.details)).toBeInTheDocument();
    expect(within(done).queryByText('删除')).not.toBeInTheDocument();
    expect(within(done).queryByText(PROJECT_LIST_TEXT.edit)).not.toBeInTheDocument();

    await userEvent.click(within(open).getByText(L.completed));
    expect((await screen.findAllByText(`确定对项目“安置房一期”执行“${L.completed}”吗？`)).length).toBeGreaterThan(0);
  });
});
