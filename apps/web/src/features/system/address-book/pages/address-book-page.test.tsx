import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AddressBookRecord } from '@district/shared';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { TREE } from '../../depart/pages/depart-test-data';
import { ADDRESS_BOOK_TEXT, AddressBookPage } from './address-book-page';

const PEOPLE: AddressBookRecord[] = [
  {
    id: 'u2',
    username: 'staff',
    realname: '张三',
    workNo: 'A001',
    phone: '13800000002',
    email: 'zhang@example.com',
    telephone: null,
    departNames: '资产管理科',
    positionNames: '科员',
  },
];

let restore = () => undefined as void;
afterEach(() => restore());

function setup() {
  const mock = mockHttp({
    'GET /sys/sysDepart/queryTreeList': ok(TREE),
    'GET /sys/user/queryByOrgCodeForAddressList': ok({ records: PEOPLE, total: 1, size: 10, current: 1, pages: 1 }),
  });
  restore = mock.restore;
  renderWithApp(<AddressBookPage />, { route: '/system/addressBook' });
  const lastCall = () =>
    mock.calls.filter((c) => c.url === '/sys/user/queryByOrgCodeForAddressList').at(-1)?.params as Record<
      string,
      unknown
    >;
  return { lastCall };
}

describe('address book page', () => {
  it('lists everyone with phone, e-mail, positions and departments', async () => {
    const { lastCall } = setup();
    expect(await screen.findByText(ADDRESS_BOOK_TEXT.title(null))).toBeInTheDocument();
    const row = (await screen.findByText('张三')).closest('tr')!;
    expect(within(row).getByText('13800000002')).toBeInTheDocument();
    expect(within(row).getByText('zhang@example.com')).toBeInTheDocument();
    expect(within(row).getByText('科员')).toBeInTheDocument();
    expect(lastCall()).not.toHaveProperty('orgCode');
  });

  it('narrows to the chosen department (and below) and searches by name and work number', async () => {
    const { lastCall } = setup();
    await userEvent.click(await screen.findByText('示范区国资办'));
    await waitFor(() => expect(lastCall()).toMatchObject({ orgCode: 'A01', pageNo: 1 }));
    expect(screen.getByText(ADDRESS_BOOK_TEXT.title('示范区国资办'))).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText(ADDRESS_BOOK_TEXT.realname), '张');
    await userEvent.type(screen.getByPlaceholderText(ADDRESS_BOOK_TEXT.workNo), 'A0');
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(lastCall()).toMatchObject({ orgCode: 'A01', realname: '张', workNo: 'A0' }));
  });
});
