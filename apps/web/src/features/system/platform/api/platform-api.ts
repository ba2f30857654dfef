import { API, type PlatformSettings } from '@district/shared';
import { getAction, putAction } from '@/lib/request';

export async function fetchPlatformSettings(): Promise<PlatformSettings> {
  const res = await getAction<PlatformSettings>(API.platformSettings);
  return res.result;
}

export function savePlatformSettings(settings: PlatformSettings) {
  return putAction(API.platformSettings, settings);
}
