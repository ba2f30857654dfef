import { DATA_RULE_MESSAGES as D } from '@district/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { grant } from '../pages/permission-test-data';
import { DataRuleDrawer } from './data-rule-drawer';

const rules = [
  {
    id: 'r1',
    permissionId: 'm1',
    ruleName: '本人数据',
    ruleColumn: 'create_by',
    ruleConditions: '=',
    ruleValue: '#{sys_user_code}',
    status: '1',
  },
];

describe('data rule drawer', () => {
  let http: ReturnType<typeof mockHttp>;
  afterEach(() => {
    http.restore();
    useSessionStore.setState({ auth: [], allAuth: [] });
  });

  function start() {
    grant();
    http = mockHttp({
      'GET /sys/permission/queryPermissionRule': ok(rules),
      'POST /sys/permission/addPermissionRule': ok({ id: 'r2' }, '添加成功！'),
      'DELETE /sys/permission/deletePermissionRule': ok(null, '删除成功！'),
    });
    renderWithApp(<DataRuleDrawer menu={{ id: 'm1', name: '职务管理' }} onClose={() => undefined} />);
  }

  it("lists a menu's rules with condition labels", async () => {
    start();
    expect(await screen.findByText('数据规则：职务管理')).toBeInTheDocument();
    expect(await screen.findByText('本人数据')).toBeInTheDocument();
    expect(screen.getByText('等于')).toBeInTheDocument();
    expect(http.calls[0]!.params).toMatchObject({ permissionId: 'm1' });
  });

  it('checks column and value as the server does, then adds', async () => {
    start();
    await screen.findByText('本人数据');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = (await screen.findByText('新增数据规则')).closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getByText(/#\{sys_org_code\} 当前部门编码/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('规则名称'), { target: { value: '本部门🏢' } });
    fireEvent.change(within(dialog).getByLabelText('规则字段'), { target: { value: '1=1' } });
    fireEvent.change(within(dialog).getByLabelText('规则值'), { target: { value: '#{password}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText(D.columnInvalid)).toBeInTheDocument();
    expect(await within(dialog).findByText(D.unknownVariable('#{password}'))).toBeInTheDocument();
    expect(await within(dialog).findByText(D.conditionRequired)).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('规则字段'), { target: { value: 'sys_org_code' } });
    fireEvent.change(within(dialog).getByLabelText('规则值'), { target: { value: '#{sys_org_code}' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('条件规则'));
    fireEvent.click(await screen.findByText('右模糊（以…开始）（RIGHT_LIKE）'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(http.calls.some((c) => c.url === '/sys/permission/addPermissionRule')).toBe(true));
    const body = JSON.parse(http.calls.find((c) => c.url === '/sys/permission/addPermissionRule')!.data as string);
    expect(body).toEqual({
      permissionId: 'm1',
      ruleName: '本部门🏢',
      ruleColumn: 'sys_org_code',
      ruleConditions: 'RIGHT_LIKE',
      ruleValue: '#{sys_org_code}',
      status: '1',
    });
  });

  it('deletes a rule after confirmation', async () => {
    start();
    await screen.findByText('本人数据');
    fireEvent.click(screen.getByText('删除'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(http.calls.find((c) => c.url === '/sys/permission/deletePermissionRule')?.params).toMatchObject({
        id: 'r1',
      }),
    );
  });
});
