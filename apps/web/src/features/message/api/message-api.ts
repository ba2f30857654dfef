import {
  ANNT_API,
  ANNT_SEND_API,
  type AnnouncementRecord,
  type MyAnnouncement,
  type NoticeLists,
} from '@district/shared';
import { getAction, putAction } from '@/lib/request';

/** A row of 通告管理. */
export interface AnnouncementRow extends AnnouncementRecord {
  msgType: string;
  userIds: string | null;
  departIds: string | null;
  roleIds: string | null;
  sendStatus: string;
  startTime: string | null;
  endTime: string | null;
  msgAbstract: string | null;
  createBy: string | null;
  createTime: string | null;
  priority_dictText?: string | null;
}

/** The bell's lists. Silent: a failure stops the refresh instead of showing a toast every 6 s. */
export async function fetchNotices(): Promise<NoticeLists> {
  const res = await getAction<NoticeLists>(ANNT_API.listByUser, undefined, { silent: true });
  if (!res.success || !res.result) throw new Error(res.message);
  return res.result;
}

export async function markNoticeRead(anntId: string): Promise<void> {
  const res = await putAction(ANNT_SEND_API.read, { anntId }, { silent: true });
  if (!res.success) throw new Error(res.message);
}

export async function markAllNoticesRead(): Promise<string> {
  const res = await putAction(ANNT_SEND_API.readAll, {});
  if (!res.success) throw new Error(res.message);
  return res.message;
}

export async function fetchAnnouncement(id: string): Promise<AnnouncementRecord> {
  const res = await getAction<AnnouncementRecord>(ANNT_API.queryById, { id });
  if (!res.success || !res.result) throw new Error(res.message);
  return res.result;
}

export interface MyPage {
  records: MyAnnouncement[];
  total: number;
}

export async function fetchMyAnnouncements(
  params: {
    pageNo: number;
    pageSize: number;
    readFlag?: string;
    msgCategory?: string;
    titile?: string;
  },
  silent = false,
): Promise<MyPage> {
  const res = await getAction<MyPage>(ANNT_SEND_API.mine, params, { silent });
  if (!res.success || !res.result) throw new Error(res.message);
  return res.result;
}

export async function releaseAnnouncement(id: string): Promise<string> {
  const res = await getAction<{ reached: number }>(ANNT_API.release, { id });
  if (!res.success) throw new Error(res.message);
  return res.message;
}

export async function revokeAnnouncement(id: string): Promise<string> {
  const res = await getAction(ANNT_API.revoke, { id });
  if (!res.success) throw new Error(res.message);
  return res.message;
}
