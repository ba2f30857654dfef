import {
  COMPANY_API,
  SESSION_TTL_MS,
  STORAGE_KEYS,
  type CompanyBankAccount,
  type CompanyInfo,
  type CompanyProfile,
} from '@district/shared';
import { deleteAction, getAction, postAction, putAction } from '@/lib/request';
import { useSessionStore } from '@/lib/session-store';
import { localStore } from '@/lib/storage';

export const COMPANY_QUERY_KEYS = {
  profile: ['company', 'profile'] as const,
  banks: ['company', 'banks'] as const,
};

/** What PUT profile takes: any of the profile's fields (a tab sends its own) with the version read. */
export type CompanyPayload = Partial<Omit<CompanyProfile, 'id' | 'version'>> & { name: string; version?: number };

export type BankPayload = Partial<Omit<CompanyBankAccount, 'id'>> & { id?: string };

async function result<T>(call: Promise<{ success: boolean; message: string; result: T }>): Promise<T> {
  const res = await call;
  if (!res.success) throw new Error(res.message);
  return res.result;
}

export const fetchProfile = () => result(getAction<CompanyProfile>(COMPANY_API.profile));
export const fetchBanks = () => result(getAction<CompanyBankAccount[]>(COMPANY_API.bankList));

export const saveProfile = (payload: CompanyPayload) => result(putAction<CompanyProfile>(COMPANY_API.profile, payload));

export function saveBank(payload: BankPayload) {
  return result(
    payload.id
      ? putAction<CompanyBankAccount>(COMPANY_API.bankEdit, payload)
      : postAction<CompanyBankAccount>(COMPANY_API.bankAdd, payload),
  );
}

export const deleteBank = (id: string) => result(deleteAction<null>(COMPANY_API.bankDelete, { id }));
export const setDefaultBank = (id: string) => result(putAction<CompanyBankAccount>(COMPANY_API.bankSetDefault, { id }));

/**
 * The signed-in session's company (name and coordinates, stored at login) follows a saved profile, so the
 * shell and the maps use the new values without signing in again.
 */
export function rememberCompany(profile: CompanyProfile): void {
  const company: CompanyInfo = { name: profile.name, latitude: profile.latitude, longitude: profile.longitude };
  localStore.set(STORAGE_KEYS.companyInfo, company, SESSION_TTL_MS);
  useSessionStore.setState({ company });
}
