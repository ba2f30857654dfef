import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, type CurrentUserDeparts } from '@district/shared';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { DepartSelectModal } from './depart-select-modal';

let restore = () => undefined as void;
afterEach(() => restore());

const departs = (over: Partial<CurrentUserDeparts>): CurrentUserDeparts => ({
  list: [{ id: 'd1', departName: '财务科', orgCode: 'A01' }],
  orgCode: 'A01',
  positions: [{ id: 'p1', name: '科员', code: 'clerk' }],
  selectPositionId: '',
  ...over,
});

function open(data: CurrentUserDeparts) {
  const http = mockHttp({
    'GET /sys/user/getCurrentUserDeparts': ok(data),
    'POST /sys/selectDepart': ok({ userInfo: { username: 'admin', selectDepartId: 'd1' } }),
  });
  restore = http.restore;
  const handlers = { onClose: vi.fn(), onSwitched: vi.fn() };
  renderWithApp(<DepartSelectModal open username="admin" userInfo={null} {...handlers} />);
  return { http, ...handlers };
}

describe('department and position switch', () => {
  it('warns 您尚未设置部门信息! when the user has no department', async () => {
    const { onClose } = open(departs({ list: [] }));
    expect(await screen.findByText(MSG.noDeparts)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('warns 您尚未设置岗位信息! when the user has no position', async () => {
    const { onClose } = open(departs({ positions: [] }));
    expect(await screen.findByText(MSG.noPositions)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('requires a position: the field shows an error state instead of submitting', async () => {
    const { http, onSwitched } = open(departs({}));
    expect(await screen.findByText('财务科')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).toHaveTextContent('请选择岗位'));
    expect(document.querySelector('.ant-select-status-error')).not.toBeNull();
    expect(http.calls.filter((c) => c.url === '/sys/selectDepart')).toHaveLength(0);
    expect(onSwitched).not.toHaveBeenCalled();
  });

  it('confirms the current selection and hands over the new user info', async () => {
    const { http, onSwitched, onClose } = open(departs({ selectPositionId: 'p1' }));
    expect(await screen.findByText('科员')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onSwitched).toHaveBeenCalledWith({ username: 'admin', selectDepartId: 'd1' }));
    const call = http.calls.find((c) => c.url === '/sys/selectDepart');
    expect(JSON.parse(call?.data as string)).toEqual({
      username: 'admin',
      selectDepartId: 'd1',
      selectPositionId: 'p1',
    });
    expect(onClose).toHaveBeenCalled();
  });
});
