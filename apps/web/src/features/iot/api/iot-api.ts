import { IOT_API, type LiveAlarm } from '@district/shared';
import { getAction, postAction, putAction } from '@/lib/request';

export interface DeviceRow {
  id: string;
  deviceId: string;
  deviceName: string;
  parentId: string | null;
  type: string | null;
  assetId: string | null;
  /** The asset's name (the list answers it beside the id). */
  assetId_dictText?: string | null;
  location: string | null;
  longitude: number | null;
  latitude: number | null;
  onlineStatus: number;
  lastSeenTime: string | null;
  remark: string | null;
}

/** The live alarms; silent, since the indicator asks in the background. */
export async function fetchLiveAlarms(): Promise<LiveAlarm[]> {
  const res = await getAction<LiveAlarm[]>(IOT_API.live, undefined, { silent: true });
  if (!res.success || !res.result) throw new Error(res.message);
  return res.result;
}

export async function acknowledgeAlarm(id: string): Promise<string> {
  const res = await putAction(IOT_API.acknowledge, { id });
  if (!res.success) throw new Error(res.message);
  return res.message;
}

export async function handleAlarm(id: string, note?: string): Promise<string> {
  const res = await putAction(IOT_API.handle, { id, note: note ?? null });
  if (!res.success) throw new Error(res.message);
  return res.message;
}

export async function generateDeviceKey(id: string): Promise<{ key: string; message: string }> {
  const res = await postAction<{ key: string }>(`${IOT_API.deviceKey}?id=${encodeURIComponent(id)}`);
  if (!res.success || !res.result) throw new Error(res.message);
  return { key: res.result.key, message: res.message };
}
