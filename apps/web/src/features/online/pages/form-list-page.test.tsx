import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ONLINE_MESSAGES, PERM, type AuthEntry, type OnlineFormDef } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { adminMenu } from '@/test/menu-fixture';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { FORM_LIST_TEXT, FormListPage } from './form-list-page';

const FORM: OnlineFormDef = {
  id: 'f1',
  tableName: 'onl_meeting',
  title: '会议室预约',
  formKind: 'single',
  theme: 'plain',
  subTables: [],
  fields: [{ name: 'topic', label: '主题', dbType: 'string' }],
  version: 3,
  syncedVersion: 2,
};

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [], isPlatformAdmin: false });
});

describe('表单开发', () => {
  it('生成菜单: picks a parent menu and sends the form; shown only to menu administrators', async () => {
    const bodies: unknown[] = [];
    const menu = (id: string, name: string, menuType: number, children: unknown[] = []) => ({
      id,
      key: id,
      title: name,
      name,
      menuType,
      children,
    });
    const mock = mockHttp({
      'GET /online/cgform/head/list': ok({ records: [FORM], total: 1, size: 20, current: 1, pages: 1 }),
      'GET /sys/permission/list': ok([
        menu('m1', '在线开发', 0, [menu('m2', '表单开发', 1, [menu('b1', '表单开发查询', 2)])]),
      ]),
      'POST /online/cgform/head/createMenu': (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok({ id: 'new' }, ONLINE_MESSAGES.menuCreated);
      },
    });
    restore = mock.restore;
    useSessionStore.setState({ auth: [PERM.onlineFormList].map(entry), allAuth: [], isPlatformAdmin: true });
    const view = renderWithApp(<FormListPage />, { route: '/online/cgform' });
    let row = (await screen.findByText('onl_meeting', {}, { timeout: 8000 })).closest('tr')!;
    expect(within(row).queryByText(FORM_LIST_TEXT.createMenu)).not.toBeInTheDocument();
    view.unmount();

    useSessionStore.setState({
      auth: [PERM.onlineFormList, PERM.permissionAdd].map(entry),
      allAuth: [],
      isPlatformAdmin: true,
    });
    renderWithApp(<FormListPage />, { route: '/online/cgform' });
    row = (await screen.findByText('onl_meeting', {}, { timeout: 8000 })).closest('tr')!;
    await userEvent.click(within(row).getByText(FORM_LIST_TEXT.createMenu));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('生成菜单')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('菜单名称')).toHaveValue('会议室预约');
    expect(within(dialog).getByText('/online/cgformList/onl_meeting')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: '上级菜单' }));
    await userEvent.click(await screen.findByTitle('在线开发'));
    // Buttons are not offered as parents.
    expect(screen.queryByTitle('表单开发查询')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toEqual([{ id: 'f1', parentId: 'm1', name: '会议室预约' }]));
    expect(await screen.findByText(ONLINE_MESSAGES.menuCreated)).toBeInTheDocument();
  });

  it('synchronises, asking for confirmation when the change would lose data', async () => {
    useSessionStore.setState({
      auth: [PERM.onlineFormList, PERM.onlineFormEdit, PERM.onlineFormSync].map(entry),
      allAuth: [],
      isPlatformAdmin: true,
    });
    const bodies: unknown[] = [];
    const loss = ONLINE_MESSAGES.destructive('删除有数据的字段 seats');
    const mock = mockHttp({
      'GET /online/cgform/head/list': ok({ records: [FORM], total: 1, size: 20, current: 1, pages: 1 }),
      'POST /online/cgform/head/sync': (c) => {
        const body = JSON.parse(String(c.data)) as { confirm?: boolean };
        bodies.push(body);
        return body.confirm ? ok({ created: false, changes: ['删除字段 seats'] }, '同步数据库成功！') : fail(409, loss);
      },
    });
    restore = mock.restore;
    renderWithApp(<FormListPage />, { route: '/online/cgform' });
    const row = (await screen.findByText('onl_meeting', {}, { timeout: 8000 })).closest('tr')!;
    expect(within(row).getByText(FORM_LIST_TEXT.unsynced)).toBeInTheDocument();
    await userEvent.click(within(row).getByText(FORM_LIST_TEXT.sync));
    expect(await screen.findByText(loss)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { id: 'f1', confirm: false },
        { id: 'f1', confirm: true },
      ]),
    );
    expect(await screen.findByText('同步数据库成功！')).toBeInTheDocument();
  });

  it('adds a definition from the field editor, leaving cleared inputs out', async () => {
    useSessionStore.setState({
      auth: [PERM.onlineFormList, PERM.onlineFormEdit].map(entry),
      allAuth: [],
      isPlatformAdmin: true,
    });
    const bodies: unknown[] = [];
    const mock = mockHttp({
      'GET /online/cgform/head/list': ok({ records: [], total: 0, size: 20, current: 1, pages: 0 }),
      'POST /online/cgform/head/add': (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok({ ...FORM, id: 'f2' }, '添加成功！');
      },
    });
    restore = mock.restore;
    renderWithApp(<FormListPage />, { route: '/online/cgform' });
    await userEvent.click(await screen.findByRole('button', { name: /新\s*增/ }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.clear(within(dialog).getByLabelText('表名'));
    await userEvent.type(within(dialog).getByLabelText('表名'), 'onl_room');
    await userEvent.type(within(dialog).getByLabelText('表描述'), '会议室');
    await userEvent.clear(within(dialog).getByLabelText('字段名1'));
    await userEvent.type(within(dialog).getByLabelText('字段名1'), 'room_name');
    await userEvent.clear(within(dialog).getByLabelText('字段备注1'));
    await userEvent.type(within(dialog).getByLabelText('字段备注1'), '名称');
    await userEvent.type(within(dialog).getByLabelText('默认值1'), '一号');
    // The 校验规则 select names the rules (手机号, 身份证号…), never their keys.
    await userEvent.click(within(dialog).getByLabelText('校验规则1'));
    expect(await screen.findByTitle('身份证号')).toBeInTheDocument();
    expect(screen.queryByTitle('idCard')).toBeNull();
    await userEvent.click(screen.getByTitle('手机号'));
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          tableName: 'onl_room',
          title: '会议室',
          formKind: 'single',
          theme: 'plain',
          subTables: [],
          fields: [
            {
              name: 'room_name',
              label: '名称',
              dbType: 'string',
              length: 50,
              showList: true,
              showForm: true,
              widget: 'input',
              defaultValue: '一号',
              ruleCode: 'mobile',
              order: 0,
            },
          ],
        },
      ]),
    );
    // A designer modal and a select: slow on a busy machine.
  }, 60_000);
  it('learns from the permission answer whether the user administers the platform', async () => {
    let platform = true;
    const mock = mockHttp({
      'GET /sys/permission/getUserPermissionByToken': () =>
        ok({ menu: adminMenu(), auth: [], allAuth: [], isPlatformAdmin: platform }),
    });
    restore = mock.restore;
    await useSessionStore.getState().loadPermissions();
    expect(useSessionStore.getState().isPlatformAdmin).toBe(true);
    platform = false;
    await useSessionStore.getState().loadPermissions();
    expect(useSessionStore.getState().isPlatformAdmin).toBe(false);
  });

  it('offers a tenant administrator (every right, no platform role) none of the definition writes', async () => {
    useSessionStore.setState({
      auth: [
        PERM.onlineFormList,
        PERM.onlineFormEdit,
        PERM.onlineFormSync,
        PERM.onlineFormEnhance,
        PERM.permissionAdd,
      ].map(entry),
      allAuth: [],
      isPlatformAdmin: false,
    });
    const mock = mockHttp({
      'GET /online/cgform/head/list': ok({ records: [FORM], total: 1, size: 20, current: 1, pages: 1 }),
      'GET /online/cgform/head/enhance': ok([
        { id: 'e1', version: 1, script: 'enhance({})', createBy: 'admin', createTime: '2026-11-27 10:00:00' },
      ]),
    });
    restore = mock.restore;
    renderWithApp(<FormListPage />, { route: '/online/cgform' });
    const row = (await screen.findByText('onl_meeting', {}, { timeout: 8000 })).closest('tr')!;
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
    for (const text of ['编辑', '删除', FORM_LIST_TEXT.sync, FORM_LIST_TEXT.copy, FORM_LIST_TEXT.createMenu]) {
      expect(within(row).queryByText(text), text).not.toBeInTheDocument();
    }
    // Reading stays: the versions and the script, which cannot be saved.
    expect(within(row).getByText(FORM_LIST_TEXT.versions)).toBeInTheDocument();
    await userEvent.click(within(row).getByText(FORM_LIST_TEXT.enhance));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('增强脚本')).toHaveValue('enhance({})'));
    expect(within(dialog).getByLabelText('增强脚本')).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('button', { name: /保\s*存/ })).toBeDisabled();
  });

  it('refuses reserved and system column names in the designer, naming the field, before anything is sent', async () => {
    useSessionStore.setState({
      auth: [PERM.onlineFormList, PERM.onlineFormEdit].map(entry),
      allAuth: [],
      isPlatformAdmin: true,
    });
    const bodies: unknown[] = [];
    const mock = mockHttp({
      'GET /online/cgform/head/list': ok({ records: [], total: 0, size: 20, current: 1, pages: 0 }),
      'POST /online/cgform/head/add': (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok({ ...FORM, id: 'f2' }, '添加成功！');
      },
    });
    restore = mock.restore;
    renderWithApp(<FormListPage />, { route: '/online/cgform' });
    await userEvent.click(await screen.findByRole('button', { name: /新\s*增/ }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('表描述'), '会议室');
    for (const name of ['xmin', 'rowid', 'tenant_id', 'rank']) {
      await userEvent.clear(within(dialog).getByLabelText('字段名1'));
      await userEvent.type(within(dialog).getByLabelText('字段名1'), name);
      await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
      expect(await within(dialog).findByText(ONLINE_MESSAGES.fieldReserved(name))).toBeInTheDocument();
    }
    expect(bodies).toEqual([]);
    await userEvent.clear(within(dialog).getByLabelText('字段名1'));
    await userEvent.type(within(dialog).getByLabelText('字段名1'), 'room_name');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toHaveLength(1));
  });
});
