import { SECURITY_API, type SecuritySettingsInput, type SecuritySettingsView } from '@district/shared';
import { getAction, putAction } from '@/lib/request';

export async function fetchSecuritySettings(): Promise<SecuritySettingsView> {
  return (await getAction<SecuritySettingsView>(SECURITY_API.settings)).result;
}

/** Silent: a refusal (三员分立 broken by some accounts, an unknown role) is shown on the card itself. */
export function saveSecuritySettings(settings: SecuritySettingsInput) {
  return putAction<SecuritySettingsView>(SECURITY_API.settings, settings, { silent: true });
}
