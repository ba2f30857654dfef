import { useState } from 'react';
import { Alert, App, Button, Divider, Popconfirm, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { BANK_ACCOUNT_RESOURCE, COMPANY_MESSAGES, type CompanyBankAccount } from '@district/shared';
import { deleteBank, setDefaultBank } from '../api/company-api';
import { BankAccountModal } from './bank-account-modal';

const F = BANK_ACCOUNT_RESOURCE.fields;

export const BANK_TAB_TEXT = {
  add: '新增账户',
  edit: '编辑',
  setDefault: '设为默认',
  delete: '删除',
  defaultTag: '默认',
  confirmDefault: '确定将该账户设为默认账户吗？原默认账户将不再是默认。',
  confirmDelete: '确定删除该银行账户吗？',
  defaultMoved: '已设为默认账户',
  deleted: '删除成功！',
  empty: '暂无银行账户',
} as const;

export interface BankAccountsTabProps {
  accounts: CompanyBankAccount[];
  loading: boolean;
  /** No profile yet: accounts come after the basic information is saved. */
  hasProfile: boolean;
  companyName: string;
  editable: boolean;
  onChanged: () => void;
}

/** 银行账户: the accounts with a 默认 tag; add, edit, 设为默认 and delete for those who may edit. */
export function BankAccountsTab({
  accounts,
  loading,
  hasProfile,
  companyName,
  editable,
  onChanged,
}: BankAccountsTabProps) {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ record: CompanyBankAccount | null } | null>(null);

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      void message.success(done);
    } catch {
      // The request layer shows the server's message.
    } finally {
      onChanged();
    }
  };

  const columns: TableColumnsType<CompanyBankAccount> = [
    { title: F.bankName.title, dataIndex: 'bankName', key: 'bankName' },
    { title: F.branch.title, dataIndex: 'branch', key: 'branch' },
    { title: F.accountName.title, dataIndex: 'accountName', key: 'accountName' },
    { title: F.accountNo.title, dataIndex: 'accountNo', key: 'accountNo' },
    {
      title: '默认',
      dataIndex: 'isDefault',
      key: 'isDefault',
      width: 80,
      render: (v: number) => (v === 1 ? <Tag color="blue">{BANK_TAB_TEXT.defaultTag}</Tag> : null),
    },
    { title: F.remark.title, dataIndex: 'remark', key: 'remark' },
  ];
  if (editable) {
    columns.push({
      title: '操作',
      key: 'actions',
      width: 220,
      render: (_v, r) => {
        // The default goes only as the last account; otherwise another must become the default first.
        const keepDefault = r.isDefault === 1 && accounts.length > 1;
        return (
          <Space size={0} separator={<Divider orientation="vertical" />} style={{ whiteSpace: 'nowrap' }}>
            <Button type="link" size="small" onClick={() => setEditing({ record: r })}>
              {BANK_TAB_TEXT.edit}
            </Button>
            {r.isDefault !== 1 && (
              <Popconfirm
                title={BANK_TAB_TEXT.confirmDefault}
                onConfirm={() => run(() => setDefaultBank(r.id), BANK_TAB_TEXT.defaultMoved)}
              >
                <Button type="link" size="small">
                  {BANK_TAB_TEXT.setDefault}
                </Button>
              </Popconfirm>
            )}
            {keepDefault ? (
              <Tooltip title={COMPANY_MESSAGES.deleteDefault}>
                <span>
                  <Button type="link" size="small" danger disabled>
                    {BANK_TAB_TEXT.delete}
                  </Button>
                </span>
              </Tooltip>
            ) : (
              <Popconfirm
                title={BANK_TAB_TEXT.confirmDelete}
                onConfirm={() => run(() => deleteBank(r.id), BANK_TAB_TEXT.deleted)}
              >
                <Button type="link" size="small" danger>
                  {BANK_TAB_TEXT.delete}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    });
  }

  if (!hasProfile) return <Alert type="info" showIcon title={COMPANY_MESSAGES.profileFirst} />;

  return (
    <>
      {editable && (
        <div style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null })}>
            {BANK_TAB_TEXT.add}
          </Button>
        </div>
      )}
      <Table<CompanyBankAccount>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={accounts}
        loading={loading}
        pagination={false}
        locale={{ emptyText: BANK_TAB_TEXT.empty }}
      />
      {editable && (
        <BankAccountModal
          open={editing !== null}
          record={editing?.record ?? null}
          accounts={accounts}
          companyName={companyName}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            onChanged();
          }}
        />
      )}
    </>
  );
}
