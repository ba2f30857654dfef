import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JOB_API, JOB_MESSAGES, PERM, type AuthEntry, type QuartzJob } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { fail, mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { JOB_FORM_TEXT } from './job-form-modal';
import { JOB_LIST_TEXT, JobListPage } from './job-list-page';
import type { InternalAxiosRequestConfig } from 'axios';

const job = (over: Partial<QuartzJob>): QuartzJob => ({
  id: 'j1',
  jobName: '房票过期',
  handler: 'roomTicketExpiry',
  handler_dictText: '房票过期',
  parameter: null,
  cronExpression: '0 5 0 * * ?',
  status: '0',
  description: null,
  createTime: '2026-11-25 10:00:00',
  updateTime: null,
  ...over,
});
const ROWS = [
  job({}),
  job({
    id: 'j2',
    jobName: '示例：问候',
    handler: 'sayHello',
    handler_dictText: '示例：问候',
    status: '-1',
    cronExpression: '0 0/10 * * * ?',
  }),
];
const HANDLERS = [
  { key: 'roomTicketExpiry', title: '房票过期', description: '将过期房票标记', parameterExample: '' },
  { key: 'sayHello', title: '示例：问候', description: '演示任务', parameterExample: '{"name": "张三"}' },
];
const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const ALL = [PERM.jobList, PERM.jobAdd, PERM.jobEdit, PERM.jobDelete, PERM.jobRun, PERM.jobLog];

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {}, perms = ALL) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [] });
  const mock = mockHttp({
    [`GET ${JOB_API.base}/list`]: ok({ records: ROWS, total: 2, size: 20, current: 1, pages: 1 }),
    [`GET ${JOB_API.handlers}`]: ok(HANDLERS),
    [`GET ${JOB_API.log}`]: ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(<JobListPage />, { route: '/monitor/job' });
  return mock;
}

const row = (text: string) => screen.getAllByText(text)[0]!.closest('tr')!;
const okButton = (scope: HTMLElement) => within(scope).getByRole('button', { name: /确\s*定|OK/ });

describe('scheduled job list page', () => {
  it('offers pause on a running job and resume on a paused one, by the run right', async () => {
    setup();
    await screen.findAllByText('房票过期');
    expect(within(row('0 5 0 * * ?')).getByText('运行中')).toBeInTheDocument();
    expect(within(row('0 5 0 * * ?')).getByText(JOB_LIST_TEXT.pause)).toBeInTheDocument();
    const paused = row('0 0/10 * * * ?');
    expect(within(paused).getByText('已暂停')).toBeInTheDocument();
    expect(within(paused).getByText(JOB_LIST_TEXT.resume)).toBeInTheDocument();
  }, 60_000);

  it('asks before resuming a paused job and toasts the outcome', async () => {
    const posts: unknown[] = [];
    setup({
      [`POST ${JOB_API.resume}`]: (c) => {
        posts.push(JSON.parse(String(c.data)));
        return ok(null, JOB_MESSAGES.resumed);
      },
    });
    await screen.findAllByText('房票过期');
    await userEvent.click(within(row('0 0/10 * * * ?')).getByText(JOB_LIST_TEXT.resume));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(JOB_LIST_TEXT.resumeConfirm('示例：问候'))).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await userEvent.click(okButton(confirm));
    await waitFor(() => expect(posts).toEqual([{ id: 'j2' }]));
    expect(await screen.findByText(JOB_MESSAGES.resumed)).toBeInTheDocument();
  }, 60_000);

  it('hides run actions without the right', async () => {
    setup({}, [PERM.jobList]);
    await screen.findAllByText('房票过期');
    expect(screen.queryByText(JOB_LIST_TEXT.pause)).not.toBeInTheDocument();
    expect(screen.queryByText(JOB_LIST_TEXT.execute)).not.toBeInTheDocument();
  }, 60_000);

  it('adds a job: the handler brings its parameter example, the cron comes from the editor, refusals show under the field', async () => {
    const bodies: Record<string, unknown>[] = [];
    let answer: MockReply = fail(400, JOB_MESSAGES.cronNeverFires);
    setup({
      [`POST ${JOB_API.base}/add`]: (c) => {
        bodies.push(JSON.parse(String(c.data)) as Record<string, unknown>);
        return answer;
      },
    });
    await screen.findAllByText('房票过期');
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(JOB_FORM_TEXT.add)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('任务名称'));
    await userEvent.paste('问候');
    await userEvent.click(within(dialog).getByLabelText('任务处理器'));
    await userEvent.click(await screen.findByTitle('示例：问候'));
    await waitFor(() => expect(within(dialog).getByLabelText('参数')).toHaveValue('{"name": "张三"}'));

    // A parameter that is not a JSON object is refused before sending.
    await userEvent.clear(within(dialog).getByLabelText('参数'));
    await userEvent.click(within(dialog).getByLabelText('参数'));
    await userEvent.paste('[1]');
    await userEvent.click(okButton(dialog));
    expect(await within(dialog).findByText(JOB_MESSAGES.parameterNotJson)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await userEvent.clear(within(dialog).getByLabelText('参数'));
    await userEvent.click(within(dialog).getByLabelText('参数'));
    await userEvent.paste('{"name": "李四"}');

    const cron = within(dialog).getByRole('textbox', { name: 'Cron 表达式' });
    await userEvent.clear(cron);
    await userEvent.click(cron);
    await userEvent.paste('0 0 0 30 2 ?');
    await userEvent.click(okButton(dialog));
    expect(
      await within(dialog).findByText(JOB_MESSAGES.cronNeverFires, { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({
      jobName: '问候',
      handler: 'sayHello',
      parameter: '{"name": "李四"}',
      cronExpression: '0 0 0 30 2 ?',
      status: '0',
    });

    answer = ok(null, '添加成功！');
    await userEvent.clear(cron);
    await userEvent.click(cron);
    await userEvent.paste('0/30 * * * * ?');
    await userEvent.click(okButton(dialog));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ cronExpression: '0/30 * * * * ?' });
  }, 120_000);
});
