import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Switch } from 'antd';
import { COMPANY_MESSAGES, PATTERNS, type CompanyBankAccount } from '@district/shared';
import { errorMessage } from '../../../lib/errors';
import { saveBank, type BankPayload } from '../api/company-api';

export const BANK_FORM_TEXT = {
  add: '新增银行账户',
  edit: '编辑银行账户',
  firstDefault: '第一个账户自动成为默认账户',
  defaultHint: '更换默认账户请使用列表中的“设为默认”',
  saved: '保存成功！',
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
  if (text === COMPANY_MESSAGES.accountNo || text.startsWith('银行账号')) return 'accountNo';
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
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const first = accounts.length === 0 || (accounts.length === 1 && record !== null);
  const defaultAccount = accounts.find((a) => a.isDefault === 1);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      record
        ? {
            bankName: record.bankName,
            branch: record.branch ?? '',
            accountName: record.accountName,
            accountNo: record.accountNo,
            isDefault: record.isDefault === 1,
            remark: record.remark ?? '',
          }
        : { accountName: companyName, isDefault: accounts.length === 0 },
    );
  }, [open, record, accounts.length, companyName, form]);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const payload: BankPayload = {
      bankName: (v.bankName ?? '').trim(),
      branch: blank(v.branch),
      accountName: (v.accountName ?? '').trim(),
      accountNo: (v.accountNo ?? '').trim(),
      isDefault: v.isDefault ? 1 : 0,
      remark: blank(v.remark),
    };
    if (record) payload.id = record.id;
    setSaving(true);
    try {
      await saveBank(payload);
      void message.success(BANK_FORM_TEXT.saved);
      onSaved();
    } catch (error) {
      const text = errorMessage(error, '');
      const field = FIELD_OF_MESSAGE(text);
      if (field) form.setFields([{ name: field, errors: [text] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={record ? BANK_FORM_TEXT.edit : BANK_FORM_TEXT.add}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      forceRender
      destroyOnHidden={false}
    >
      <Form form={form} layout="vertical" name="company-bank">
        <Form.Item
          label="开户银行"
          name="bankName"
          rules={[
            { required: true, whitespace: true, message: COMPANY_MESSAGES.bankNameRequired },
            { max: 100, message: '开户银行最多100个字符' },
          ]}
        >
          <Input placeholder="如 中国工商银行" />
        </Form.Item>
        <Form.Item label="开户网点" name="branch" rules={[{ max: 100, message: '开户网点最多100个字符' }]}>
          <Input placeholder="如 成都春熙路支行" />
        </Form.Item>
        <Form.Item
          label="账户名称"
          name="accountName"
          rules={[
            { required: true, whitespace: true, message: COMPANY_MESSAGES.accountNameRequired },
            { max: 100, message: '账户名称最多100个字符' },
          ]}
        >
          <Input placeholder="请输入账户名称" />
        </Form.Item>
        <Form.Item
          label="银行账号"
          name="accountNo"
          normalize={(v: unknown) => (typeof v === 'string' ? v.replace(/\s/g, '') : v)}
          rules={[
            { required: true, message: COMPANY_MESSAGES.accountNoRequired },
            { pattern: PATTERNS.bankCard, message: COMPANY_MESSAGES.accountNo },
          ]}
        >
          <Input placeholder="请输入银行账号" maxLength={24} />
        </Form.Item>
        <Form.Item
          label="默认账户"
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
        <Form.Item label="备注" name="remark" rules={[{ max: 200, message: '备注最多200个字符' }]}>
          <Input.TextArea rows={2} placeholder="请输入备注" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
