import { Alert, Card, Result, Spin, Tabs } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BANK_ACCOUNT_RESOURCE, COMPANY_MESSAGES, COMPANY_RESOURCE, PERM, type CompanyProfile } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { errorMessage } from '@/lib/errors';
import {
  COMPANY_QUERY_KEYS,
  fetchBanks,
  fetchProfile,
  rememberCompany,
  saveProfile,
  type CompanyPayload,
} from '../api/company-api';
import { BankAccountsTab } from '../components/bank-accounts-tab';
import { CompanyBasicForm, CompanyInvoiceForm } from '../components/company-forms';

export const COMPANY_PAGE_TEXT = {
  title: COMPANY_RESOURCE.title,
  tabs: { basic: '基本信息', banks: BANK_ACCOUNT_RESOURCE.title, invoice: '开票信息' },
  readOnly: '您只能查看企业信息，维护需要“编辑企业信息”的权限',
  loadFailed: '企业信息加载失败',
} as const;

/** 企业信息: the tenant's company with the tabs 基本信息, 银行账户 and 开票信息; read-only without the edit right. */
export function CompanyProfilePage() {
  const allowed = useHasPermission();
  const editable = allowed(PERM.companyEdit);
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: COMPANY_QUERY_KEYS.profile, queryFn: fetchProfile });
  const banks = useQuery({ queryKey: COMPANY_QUERY_KEYS.banks, queryFn: fetchBanks });

  const save = async (payload: CompanyPayload, basic: boolean): Promise<CompanyProfile> => {
    const saved = await saveProfile(payload).catch((error: unknown) => {
      // Someone else saved meanwhile: show their version, so the next save starts from it.
      if (errorMessage(error, '') === COMPANY_MESSAGES.concurrentChange) {
        void queryClient.invalidateQueries({ queryKey: COMPANY_QUERY_KEYS.profile });
      }
      throw error;
    });
    queryClient.setQueryData(COMPANY_QUERY_KEYS.profile, saved);
    // The login's company is this profile: the stored session follows its name and coordinates.
    if (basic) rememberCompany(saved);
    return saved;
  };

  if (profile.isError) {
    return <Result status="warning" title={COMPANY_PAGE_TEXT.loadFailed} subTitle={errorMessage(profile.error, '')} />;
  }
  const data = profile.data;
  return (
    <Card size="small" title={COMPANY_PAGE_TEXT.title}>
      {!editable && <Alert type="info" showIcon title={COMPANY_PAGE_TEXT.readOnly} style={{ marginBottom: 12 }} />}
      {!data ? (
        <Spin />
      ) : (
        <Tabs
          items={[
            {
              key: 'basic',
              label: COMPANY_PAGE_TEXT.tabs.basic,
              children: <CompanyBasicForm profile={data} editable={editable} onSave={(p) => save(p, true)} />,
            },
            {
              key: 'banks',
              label: COMPANY_PAGE_TEXT.tabs.banks,
              children: (
                <BankAccountsTab
                  accounts={banks.data ?? []}
                  loading={banks.isFetching}
                  hasProfile={data.id !== null}
                  companyName={data.name}
                  editable={editable}
                  onChanged={() => void banks.refetch()}
                />
              ),
            },
            {
              key: 'invoice',
              label: COMPANY_PAGE_TEXT.tabs.invoice,
              children:
                data.id === null ? (
                  <Alert type="info" showIcon title={COMPANY_MESSAGES.profileFirst} />
                ) : (
                  <CompanyInvoiceForm profile={data} editable={editable} onSave={(p) => save(p, false)} />
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}
