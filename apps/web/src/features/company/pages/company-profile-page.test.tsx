import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import {
  COMPANY_API,
  COMPANY_MESSAGES,
  PERM,
  STORAGE_KEYS,
  type AuthEntry,
  type CompanyBankAccount,
  type CompanyProfile,
} from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { localStore } from '@/lib/storage';
import { fail, mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { BANK_TAB_TEXT } from '../components/bank-accounts-tab';
import { CompanyProfilePage } from './company-profile-page';

const PROFILE: CompanyProfile = {
  id: 'c1',
  name: '示范区国有资产经营管理有限公司',
  creditCode: '91510104MA6C8QJ72K',
  legalPerson: '王建国',
  address: '四川省成都市锦江区红星路三段1号',
  phone: '028-86661234',
  logo: null,
  longitude: 104.08,
  latitude: 30.65,
  invoiceTitle: '示范区国有资产经营管理有限公司',
  invoiceTaxNo: '91510104MA6C8QJ72K',
  invoiceAddress: null,
  invoicePhone: null,
  invoiceBank: null,
  invoiceAccount: null,
  version: 4,
};
const EMPTY: CompanyProfile = {
  ...PROFILE,
  id: null,
  name: '',
  creditCode: null,
  legalPerson: null,
  address: null,
  phone: null,
  longitude: null,
  latitude: null,
  invoiceTitle: null,
  invoiceTaxNo: null,
  version: 0,
};
const BANKS: CompanyBankAccount[] = [
  {
    id: 'b1',
    bankName: '中国工商银行',
    branch: '成都春熙路支行',
    accountName: '示范区国有资产经营管理有限公司',
    accountNo: '4402234509100012345',
    isDefault: 1,
    remark: '基本户',
  },
  {
    id: 'b2',
    bankName: '中国建设银行',
    branch: '成都锦江支行',
    accountName: '示范区国有资产经营管理有限公司',
    accountNo: '51050142610800001234',
    isDefault: 0,
    remark: null,
  },
];

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const EDITOR = [PERM.companyView, PERM.companyEdit];

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [], company: null });
  localStore.remove(STORAGE_KEYS.companyInfo);
});

type Route = MockReply | ((c: InternalAxiosRequestConfig) => MockReply);

function setup(routes: Record<string, Route> = {}, perms = EDITOR) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [] });
  const mock = mockHttp({
    [`GET ${COMPANY_API.profile}`]: ok(PROFILE),
    [`GET ${COMPANY_API.bankList}`]: ok(BANKS),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(<CompanyProfilePage />, { route: '/company/profile' });
  return mock;
}

const ERROR = '.ant-form-item-explain-error';
/** Replaces a field's text (pasted: typing key by key re-renders the whole form each time). */
const fill = async (input: HTMLElement, text: string) => {
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(text);
};
const errors = () => [...document.querySelectorAll(ERROR)].map((e) => e.textContent);
const row = (text: string) => screen.getByText(text).closest('tr')!;
const openBanks = async () => {
  await userEvent.click(await screen.findByRole('tab', { name: '银行账户' }));
  return screen.findByText('4402234509100012345');
};
const dialog = () => screen.getByRole('dialog');
/** A button by its text: role queries walk every ancestor's computed style, which is slow under antd's styles. */
const button = (scope: HTMLElement, text: string | RegExp) =>
  within(scope).queryAllByText(text).at(-1)?.closest('button') ?? null;
const okButton = (scope: HTMLElement) => within(scope).getByRole('button', { name: /确\s*定|OK/ });

describe('company profile page', () => {
  it('checks the credit code and phone, then saves the basic info and the session company follows', async () => {
    const bodies: unknown[] = [];
    setup({
      [`PUT ${COMPANY_API.profile}`]: (c) => {
        const body = JSON.parse(String(c.data)) as Record<string, unknown>;
        bodies.push(body);
        return ok({ ...PROFILE, ...body, version: 5 });
      },
    });
    const name = await screen.findByLabelText('企业名称');
    await waitFor(() => expect(name).toHaveValue(PROFILE.name));
    const code = screen.getByLabelText('统一社会信用代码');
    const phone = screen.getByLabelText('联系电话');
    await fill(code, '91510104MA6C8QJ7IO');
    await fill(phone, '12345');
    await userEvent.click(button(document.body, /保\s*存/)!);
    await waitFor(() => expect(errors()).toEqual([COMPANY_MESSAGES.creditCode, COMPANY_MESSAGES.phone]));
    expect(bodies).toEqual([]);

    // Typed in lower case, sent in capitals.
    await fill(code, '91510104ma68ut3w5n');
    await fill(phone, '13800138000');
    await fill(name, '示范区资产运营有限公司');
    await userEvent.click(button(document.body, /保\s*存/)!);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      name: '示范区资产运营有限公司',
      creditCode: '91510104MA68UT3W5N',
      phone: '13800138000',
      longitude: 104.08,
      latitude: 30.65,
      version: 4,
    });
    await waitFor(() =>
      expect(useSessionStore.getState().company).toEqual({
        name: '示范区资产运营有限公司',
        latitude: 30.65,
        longitude: 104.08,
      }),
    );
    expect(localStore.get(STORAGE_KEYS.companyInfo)).toEqual(useSessionStore.getState().company);
  });

  it('reloads the profile when someone else saved it meanwhile', async () => {
    let reads = 0;
    setup({
      [`GET ${COMPANY_API.profile}`]: () => {
        reads += 1;
        return ok(reads === 1 ? PROFILE : { ...PROFILE, name: '别人改过的名称', version: 5 });
      },
      [`PUT ${COMPANY_API.profile}`]: fail(400, COMPANY_MESSAGES.concurrentChange),
    });
    const name = await screen.findByLabelText('企业名称');
    await waitFor(() => expect(name).toHaveValue(PROFILE.name));
    await fill(name, '我的名称');
    await userEvent.click(button(document.body, /保\s*存/)!);
    await waitFor(() => expect(name).toHaveValue('别人改过的名称'));
    expect(useSessionStore.getState().company).toBeNull();
  });

  it('saves the invoice tab with its own fields after checking the tax number and account', async () => {
    const bodies: Record<string, unknown>[] = [];
    setup({
      [`PUT ${COMPANY_API.profile}`]: (c) => {
        const body = JSON.parse(String(c.data)) as Record<string, unknown>;
        bodies.push(body);
        return ok({ ...PROFILE, ...body, version: 5 });
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: '开票信息' }));
    const taxNo = await screen.findByLabelText('纳税人识别号');
    await waitFor(() => expect(taxNo).toHaveValue(PROFILE.invoiceTaxNo));
    await fill(taxNo, '123');
    await fill(screen.getByLabelText('银行账号'), '0123456789');
    await userEvent.click(button(document.body, /保\s*存/)!);
    await waitFor(() => expect(errors()).toEqual([COMPANY_MESSAGES.taxNo, COMPANY_MESSAGES.accountNo]));
    expect(bodies).toEqual([]);

    await fill(taxNo, '91510104MA6C8QJ72K');
    await fill(screen.getByLabelText('银行账号'), '4402234509100012345');
    await userEvent.click(button(document.body, /保\s*存/)!);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      name: PROFILE.name,
      invoiceTitle: PROFILE.invoiceTitle,
      invoiceTaxNo: '91510104MA6C8QJ72K',
      invoiceAddress: null,
      invoicePhone: null,
      invoiceBank: null,
      invoiceAccount: '4402234509100012345',
      version: 4,
    });
    // Only the basic info is the login's company.
    expect(useSessionStore.getState().company).toBeNull();
  });

  it('shows the default tag, disables deleting the default with the reason and moves it after a confirmation', async () => {
    const moved: unknown[] = [];
    setup({
      [`PUT ${COMPANY_API.bankSetDefault}`]: (c) => {
        moved.push(JSON.parse(String(c.data)));
        return ok({ ...BANKS[1], isDefault: 1 });
      },
    });
    await openBanks();
    const first = row('4402234509100012345');
    const second = row('51050142610800001234');
    expect(within(first).getByText(BANK_TAB_TEXT.defaultTag)).toBeInTheDocument();
    expect(within(second).queryByText(BANK_TAB_TEXT.defaultTag)).not.toBeInTheDocument();
    expect(button(first, BANK_TAB_TEXT.setDefault)).toBeNull();
    const locked = button(first, /删\s*除/)!;
    expect(locked).toBeDisabled();
    await userEvent.hover(locked.parentElement!);
    expect(await screen.findByText(COMPANY_MESSAGES.deleteDefault)).toBeInTheDocument();
    expect(button(second, /删\s*除/)).toBeEnabled();

    await userEvent.click(button(second, BANK_TAB_TEXT.setDefault)!);
    expect(await screen.findByText(BANK_TAB_TEXT.confirmDefault)).toBeInTheDocument();
    expect(moved).toEqual([]);
    const confirm = screen.getByText(BANK_TAB_TEXT.confirmDefault).closest('.ant-popover')! as HTMLElement;
    await userEvent.click(okButton(confirm));
    await waitFor(() => expect(moved).toEqual([{ id: 'b2' }]));
  });

  it('refuses a second default and a bad card number in the add form without calling the server', async () => {
    const added: unknown[] = [];
    setup({
      [`POST ${COMPANY_API.bankAdd}`]: (c) => {
        added.push(JSON.parse(String(c.data)));
        return ok({ ...BANKS[1], id: 'b3' });
      },
    });
    await openBanks();
    await userEvent.click(button(document.body, BANK_TAB_TEXT.add)!);
    const modal = dialog();
    // The account name is proposed from the company.
    await waitFor(() => expect(within(modal).getByLabelText('账户名称')).toHaveValue(PROFILE.name));
    await fill(within(modal).getByLabelText('开户银行'), '成都银行');
    await fill(within(modal).getByLabelText('银行账号'), '0123');
    await userEvent.click(within(modal).getByRole('switch'));
    await userEvent.click(okButton(modal));
    await waitFor(() => expect(errors()).toEqual([COMPANY_MESSAGES.accountNo, COMPANY_MESSAGES.secondDefault]));
    expect(added).toEqual([]);

    await fill(within(modal).getByLabelText('银行账号'), '6228 4804 0256 4890 018');
    await userEvent.click(within(modal).getByRole('switch'));
    await userEvent.click(okButton(modal));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({ bankName: '成都银行', accountNo: '6228480402564890018', isDefault: 0 });
  });

  it("shows the server's refusal under the field it is about", async () => {
    setup({ [`POST ${COMPANY_API.bankAdd}`]: fail(400, COMPANY_MESSAGES.accountTaken('6228480402564890018')) });
    await openBanks();
    await userEvent.click(button(document.body, BANK_TAB_TEXT.add)!);
    const modal = dialog();
    await fill(within(modal).getByLabelText('开户银行'), '成都银行');
    await fill(within(modal).getByLabelText('银行账号'), '6228480402564890018');
    await userEvent.click(okButton(modal));
    await waitFor(() => expect(errors()).toEqual([COMPANY_MESSAGES.accountTaken('6228480402564890018')]));
  });

  it('asks for the basic info before any account', async () => {
    setup({ [`GET ${COMPANY_API.profile}`]: ok(EMPTY), [`GET ${COMPANY_API.bankList}`]: ok([]) });
    await userEvent.click(await screen.findByRole('tab', { name: '银行账户' }));
    expect(await screen.findByText(COMPANY_MESSAGES.profileFirst)).toBeInTheDocument();
    expect(button(document.body, BANK_TAB_TEXT.add)).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: '开票信息' }));
    expect(screen.queryByLabelText('纳税人识别号')).not.toBeInTheDocument();
  });

  it('makes the first account the default by itself', async () => {
    setup({ [`GET ${COMPANY_API.bankList}`]: ok([]) });
    await userEvent.click(await screen.findByRole('tab', { name: '银行账户' }));
    expect(await screen.findByText(BANK_TAB_TEXT.empty)).toBeInTheDocument();
    await userEvent.click(button(document.body, BANK_TAB_TEXT.add)!);
    const toggle = within(dialog()).getByRole('switch');
    await waitFor(() => expect(toggle).toBeChecked());
    expect(toggle).toBeDisabled();
  });

  it('is read-only without the edit right: disabled forms, no buttons, no actions', async () => {
    const mock = setup({}, [PERM.companyView]);
    const name = await screen.findByLabelText('企业名称');
    await waitFor(() => expect(name).toHaveValue(PROFILE.name));
    expect(name).toBeDisabled();
    expect(screen.getByLabelText('统一社会信用代码')).toBeDisabled();
    expect(button(document.body, /保\s*存/)).toBeNull();
    await openBanks();
    expect(button(document.body, BANK_TAB_TEXT.add)).toBeNull();
    expect(button(document.body, BANK_TAB_TEXT.setDefault)).toBeNull();
    expect(button(document.body, /删\s*除/)).toBeNull();
    expect(within(row('4402234509100012345')).getByText(BANK_TAB_TEXT.defaultTag)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '开票信息' }));
    expect(await screen.findByLabelText('纳税人识别号')).toBeDisabled();
    expect(mock.calls.filter((c) => c.method !== 'get')).toEqual([]);
  });
});
