import { getAction } from '../../../../lib/request';

export const LOG_URLS = {
  list: '/sys/log/list',
  exportXls: '/sys/log/exportXls',
  dataLogList: '/sys/dataLog/list',
  compare: '/sys/dataLog/queryCompareList',
  versions: '/sys/dataLog/queryDataVersion',
} as const;

export interface DataLogRecord {
  id: string;
  dataTable: string;
  dataId: string;
  dataVersion: number;
  action: string;
  action_dictText?: string;
  dataContent: string;
  createBy: string | null;
  createTime: string;
}

export async function compareVersions(dataId1: string, dataId2: string): Promise<DataLogRecord[]> {
  const res = await getAction<DataLogRecord[]>(LOG_URLS.compare, { dataId1, dataId2 });
  if (!res.success) throw new Error(res.message);
  return res.result;
}
