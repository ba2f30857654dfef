import { Form, Input, Switch } from 'antd';
import { BANK_ACCOUNT_RESOURCE as R, COMPANY_MESSAGES, type CompanyBankAccount } from '@district/shared';
import { formField, inputPlaceholder } from '@/components/form-modal/field-rules';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { saveBank, type BankPayload } from '../api/company-api';

export const BANK_FORM_TEXT = {
  add: `新增${R.title}`,
  edit: `编辑${R.title}`,
  firstDefault: '第一个账户自动成为默认账户',
  defaultHint: '更换默认账户请使用列表中的“设为默认”',
} as const;

interface Values {
  bankName?: string;
  branch?: string;
  accountName?: string;
  accountNo?: string;
  isDefault?: boolean;
  remark?: string;
}

const blank = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

/** Server messages shown under the field they are about. */
const FIELD_OF_MESSAGE = (text: string): keyof Values | undefined => {
  if (text === COMPANY_MESSAGES.secondDefault || text === COMPANY_MESSAGES.unsetDefault) return 'isDefault';
  if (text === COMPANY_MESSAGES.accountNo || text.startsWith(R.fields.accountNo.title)) return 'accountNo';
  if (text === COMPANY_MESSAGES.bankNameRequired) return 'bankName';
  if (text === COMPANY_MESSAGES.accountNameRequired) return 'accountName';
  return undefined;
};

export interface BankAccountModalProps {
  open: boolean;
  /** null when adding. */
  record: CompanyBankAccount | null;
  /** The accounts as listed: whether a default exists decides the default switch. */
  accounts: CompanyBankAccount[];
  /** The company name, proposed as the account name of a new account. */
  companyName: string;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增/编辑 of a bank account. Exactly one default: a second one is refused here and on the server. */
export function BankAccountModal({ open, record, accounts, companyName, onClose, onSaved }: BankAccountModalProps) {
  const first = accounts.length === 0 || (accounts.length === 1 && record !== null);
  const defaultAccount = accounts.find((a) => a.isDefault === 1);

  const save = async (v: Values, r: CompanyBankAccount | null) => {
    const payload: BankPayload = {
      bankName: (v.bankName ?? '').trim(),
      branch: blank(v.branch),
      accountName: (v.accountName ?? '').trim(),
      accountNo: (v.accountNo ?? '').trim(),
      isDefault: v.isDefault ? 1 : 0,
      remark: blank(v.remark),
    };
    if (r) payload.id = r.id;
    await saveBank(payload);
    return {};
  };

  return (
    <RecordFormModal<CompanyBankAccount, Values>
      open={open}
      record={record}
      titles={BANK_FORM_TEXT}
      formName="company-bank"
      width={520}
      layout="vertical"
      initialValues={(r) =>
        r
          ? {
              bankName: r.bankName,
              branch: r.branch ?? '',
              accountName: r.accountName,
              accountNo: r.accountNo,
              isDefault: r.isDefault === 1,
              remark: r.remark ?? '',
            }
          : { accountName: companyName, isDefault: accounts.length === 0 }
      }
      save={save}
      fieldOfError={FIELD_OF_MESSAGE}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item {...formField(R, 'bankName')}>
        <Input placeholder="如 中国工商银行" />
      </Form.Item>
      <Form.Item {...formField(R, 'branch')}>
        <Input placeholder="如 成都春熙路支行" />
      </Form.Item>
      <Form.Item {...formField(R, 'accountName')}>
        <Input placeholder={inputPlaceholder(R, 'accountName')} />
      </Form.Item>
      <Form.Item
        {...formField(R, 'accountNo')}
        normalize={(v: unknown) => (typeof v === 'string' ? v.replace(/\s/g, '') : v)}
      >
        <Input placeholder={inputPlaceholder(R, 'accountNo')} maxLength={24} />
      </Form.Item>
      <Form.Item
        label={R.fields.isDefault.title}
        name="isDefault"
        valuePropName="checked"
        extra={first ? BANK_FORM_TEXT.firstDefault : BANK_FORM_TEXT.defaultHint}
        rules={[
          {
            validator: async (_r, on: boolean | undefined) => {
              if (first) return;
              if (record?.isDefault === 1 && !on) throw new Error(COMPANY_MESSAGES.unsetDefault);
              if (on && record?.isDefault !== 1 && defaultAccount) throw new Error(COMPANY_MESSAGES.secondDefault);
            },
          },
        ]}
      >
        <Switch disabled={first} />
      </Form.Item>
      <Form.Item {...formField(R, 'remark')}>
        <Input.TextArea rows={2} placeholder={inputPlaceholder(R, 'remark')} />
      </Form.Item>
    </RecordFormModal>
  );
}
