import {
  DATA_LOG_API,
  DATA_LOG_RESOURCE,
  LOG_API,
  LOG_RESOURCE,
  resourceUrls,
  type LogKind,
  type LogVerifyResult,
} from '@district/shared';
import { getAction } from '@/lib/request';

export const LOG_URLS = {
  list: resourceUrls(LOG_RESOURCE.path).list,
  exportXls: resourceUrls(LOG_RESOURCE.path).exportXls,
  dataLogList: resourceUrls(DATA_LOG_RESOURCE.path).list,
  compare: DATA_LOG_API.queryCompareList,
  versions: DATA_LOG_API.queryDataVersion,
} as const;

export interface DataLogField {
  field: string;
  title: string;
  text: string;
}

export interface DataLogRecord {
  id: string;
  dataTable: string;
  dataId: string;
  dataVersion: number;
  action: string;
  action_dictText?: string;
  dataContent: string;
  /** The compared version as a person reads it (titles, names, yuan, labels); only from the compare call. */
  dataFields?: DataLogField[];
  createBy: string | null;
  createTime: string;
}

export async function compareVersions(dataId1: string, dataId2: string): Promise<DataLogRecord[]> {
  const res = await getAction<DataLogRecord[]>(LOG_URLS.compare, { dataId1, dataId2 });
  if (!res.success) throw new Error(res.message);
  return res.result;
}

/** 完整性校验 of one log (the caller's tenant's chain and the one of rows without a tenant); a failure is shown in the result. */
export async function verifyLog(kind: LogKind): Promise<LogVerifyResult> {
  return (await getAction<LogVerifyResult>(LOG_API.verify, { kind }, { silent: true })).result;
}
