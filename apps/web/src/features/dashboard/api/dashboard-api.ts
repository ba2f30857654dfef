import { API, DASHBOARD_API, type CurrentUserCard, type DashboardAnalysis } from '@district/shared';
import { getAction } from '@/lib/request';

export async function fetchCurrentUserCard(): Promise<CurrentUserCard> {
  const res = await getAction<CurrentUserCard>(API.currentUser);
  return res.result;
}

/** Every figure of the dashboard in one call (sections the caller may not read are null). */
export async function fetchAnalysis(): Promise<DashboardAnalysis> {
  const res = await getAction<DashboardAnalysis>(DASHBOARD_API.analysis);
  return res.result;
}

/** The server keeps the figures 30 s: asking again sooner would get the same answer. */
export const ANALYSIS_QUERY = { queryKey: ['dashboard-analysis'], queryFn: fetchAnalysis, staleTime: 30_000 } as const;
