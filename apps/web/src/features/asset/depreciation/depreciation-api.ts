import {
  DEPRECIATION_API,
  type DepreciationBookResult,
  type DepreciationReport,
  type DepreciationSchedule,
} from '@district/shared';
import { getAction, postAction } from '@/lib/request';

export const depreciationScheduleKey = (assetId: string) => ['asset-depreciation', assetId] as const;
export const depreciationReportKey = (period: string) => ['asset-depreciation-report', period] as const;

export async function fetchDepreciationSchedule(assetId: string): Promise<DepreciationSchedule | null> {
  return (await getAction<DepreciationSchedule>(DEPRECIATION_API.schedule, { assetId })).result ?? null;
}

export async function fetchDepreciationReport(period: string): Promise<DepreciationReport | null> {
  return (await getAction<DepreciationReport>(DEPRECIATION_API.report, { period })).result ?? null;
}

export function bookDepreciation(period: string) {
  return postAction<DepreciationBookResult>(DEPRECIATION_API.book, { period });
}
