import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { onlineFormPerm, type AuthEntry, type OnlinePageConfig } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { allowedRequest } from '../components/enhance-sandbox';
import { AutoListPage, tableFromPath } from './auto-list-page';

const CONFIG: OnlinePageConfig = {
  form: {
    id: 'f1',
    tableName: 'onl_meeting',
    title: '会议室预约',
    formKind: 'single',
    theme: 'plain',
    subTables: [],
    fields: [
      {
        name: 'room',
        label: '会议室',
        dbType: 'string',
        required: true,
        widget: 'select',
        dictCode: 'room',
        showQuery: true,
      },
      { name: 'meeting_date', label: '日期', dbType: 'date', required: true, widget: 'date' },
      { name: 'topic', label: '主题', dbType: 'string' },
    ],
    version: 1,
    syncedVersion: 1,
  },
  subForms: [],
  actions: ['list', 'add'],
  enhance: null,
};

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)>, actions: string[]) {
  useSessionStore.setState({ auth: actions.map((a) => entry(onlineFormPerm('onl_meeting', a as 'add'))), allAuth: [] });
  const mock = mockHttp({
    'GET /online/cgform/api/getFormConfig/onl_meeting': ok(CONFIG),
    'GET /online/cgform/data/onl_meeting/list': ok({
      records: [{ id: 'r1', room: 'a', room_dictText: '一号会议室', meetingDate: '2026-12-01', topic: '周例会' }],
      total: 1,
      size: 20,
      current: 1,
      pages: 1,
    }),
    'GET /sys/dict/getDictItems/room': ok([
      { value: 'a', text: '一号会议室' },
      { value: 'b', text: '二号会议室' },
    ]),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(<AutoListPage />, { route: '/online/cgformList/onl_meeting' });
  return mock;
}

describe('online auto list', () => {
  // The component kinds of the online pages are asserted beside the registry (app/router/component-registry.test.ts).
  it('reads the table from the menu path', () => {
    expect(tableFromPath('/online/cgformList/onl_meeting/')).toBe('onl_meeting');
  });

  it('lists the rows with dictionary labels and shows only the buttons the user holds', async () => {
    setup({}, ['list', 'add']);
    expect(await screen.findByText('周例会', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('一号会议室')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /新\s*增/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).not.toBeInTheDocument();
  });

  it('adds a row through the generated form, required fields checked first', async () => {
    const bodies: unknown[] = [];
    setup(
      {
        'POST /online/cgform/data/onl_meeting/add': (c) => {
          bodies.push(JSON.parse(String(c.data)));
          return ok({ id: 'r2' }, '添加成功！');
        },
      },
      ['list', 'add'],
    );
    await screen.findByText('周例会', {}, { timeout: 8000 });
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请输入会议室')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.type(within(dialog).getByPlaceholderText('请输入主题'), '年终总结');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /会议室/ }));
    await userEvent.click(await screen.findByTitle('二号会议室'));
    await userEvent.click(within(dialog).getByPlaceholderText('请选择日期'));
    await userEvent.type(within(dialog).getByPlaceholderText('请选择日期'), '2026-12-24{enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toEqual([{ room: 'b', meetingDate: '2026-12-24', topic: '年终总结' }]));
    // Typing into a generated form takes long on a busy machine.
  }, 60_000);

  it('shows the sub rows of the selected main row (ERP) and adds one with the foreign key set', async () => {
    const bodies: unknown[] = [];
    const sub = {
      ...CONFIG.form,
      id: 'f2',
      tableName: 'onl_item',
      title: '明细',
      formKind: 'sub' as const,
      fields: [
        { name: 'meeting_id', label: '会议', dbType: 'string' as const },
        { name: 'item', label: '物品', dbType: 'string' as const },
      ],
    };
    const config: OnlinePageConfig = {
      ...CONFIG,
      form: {
        ...CONFIG.form,
        formKind: 'main',
        theme: 'erp',
        subTables: [{ table: 'onl_item', relation: 'many', foreignKey: 'meeting_id' }],
      },
      subForms: [sub],
    };
    useSessionStore.setState({ auth: [entry(onlineFormPerm('onl_item', 'add'))], allAuth: [] });
    const mock = mockHttp({
      'GET /online/cgform/api/getFormConfig/onl_meeting': ok(config),
      'GET /online/cgform/data/onl_meeting/list': ok({
        records: [{ id: 'r1', room: 'a', meetingDate: '2026-12-01', topic: '周例会' }],
        total: 1,
        size: 20,
        current: 1,
        pages: 1,
      }),
      'GET /sys/dict/getDictItems/room': ok([{ value: 'a', text: '一号会议室' }]),
      // Read through the main form (its list right), not the sub form's own list.
      'GET /online/cgform/data/onl_meeting/subRows': (c) =>
        ok({ onl_item: c.params?.id === 'r1' ? [{ id: 'i1', meetingId: 'r1', item: '投影仪' }] : [] }),
      'POST /online/cgform/data/onl_item/add': (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok({ id: 'i2' }, '添加成功！');
      },
    });
    restore = mock.restore;
    renderWithApp(<AutoListPage />, { route: '/online/cgformList/onl_meeting' });
    await screen.findByText('周例会', {}, { timeout: 8000 });
    await userEvent.click(within(screen.getByText('周例会').closest('tr')!).getByRole('checkbox'));
    expect(await screen.findByText('投影仪')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '新增明细' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByPlaceholderText('请输入物品'), '白板');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toEqual([{ item: '白板', meetingId: 'r1' }]));
  });

  it('lists tree children as rows of the table, with checkbox, 编辑 and 删除, expanding in the first column', async () => {
    const tree: OnlinePageConfig = {
      ...CONFIG,
      form: {
        ...CONFIG.form,
        id: 'f9',
        tableName: 'onl_area',
        title: '片区',
        formKind: 'tree',
        treeParentField: 'pid',
        treeTextField: 'area_name',
        fields: [
          { name: 'area_name', label: '片区名称', dbType: 'string' },
          { name: 'pid', label: '上级', dbType: 'string', showList: false },
        ],
      },
      actions: ['list', 'add', 'edit', 'delete'],
    };
    useSessionStore.setState({
      auth: (['list', 'edit', 'delete'] as const).map((a) => entry(onlineFormPerm('onl_area', a))),
      allAuth: [],
    });
    const page = (records: object[]) => ok({ records, total: records.length, size: 20, current: 1, pages: 1 });
    const mock = mockHttp({
      'GET /online/cgform/api/getFormConfig/onl_area': ok(tree),
      'GET /online/cgform/data/onl_area/list': (c) =>
        (c.params as { pid?: string }).pid === 'a1'
          ? page([{ id: 'a2', areaName: '春熙路街道', pid: 'a1', hasChild: '0' }])
          : page([{ id: 'a1', areaName: '锦江区', pid: null, hasChild: '1' }]),
    });
    restore = mock.restore;
    renderWithApp(<AutoListPage />, { route: '/online/cgformList/onl_area' });
    const top = (await screen.findByText('锦江区', {}, { timeout: 8000 })).closest('tr')!;
    // The expand icon sits in the cell of the first data column, not in an empty column of its own.
    const expand = within(top).getByRole('button', { name: /展开行|Expand row/ });
    expect(expand.closest('td')).toHaveTextContent('锦江区');
    await userEvent.click(expand);
    const child = (await screen.findByText('春熙路街道')).closest('tr')!;
    expect(within(child).getByRole('checkbox')).toBeInTheDocument();
    expect(within(child).getByText('编辑')).toBeInTheDocument();
    expect(within(child).getByText('删除')).toBeInTheDocument();
    await userEvent.click(within(child).getByText('编辑'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('编辑片区');
  });

  it('lets enhancement scripts call only reads of form data, dictionaries and reports', () => {
    expect(allowedRequest('/online/cgform/data/onl_meeting/list')).toBe(true);
    expect(allowedRequest('/sys/dict/getDictItems/room')).toBe(true);
    expect(allowedRequest('/online/cgform/data/onl_meeting/add')).toBe(false);
    expect(allowedRequest('/sys/user/list')).toBe(false);
    expect(allowedRequest('/online/cgform/data/../../sys/user/list')).toBe(false);
  });
});
