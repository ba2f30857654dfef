import { API, DASHBOARD_API, type CurrentUserCard, type DashboardAnalysis } from '@district/shared';
import { takeEarly } from '../../../lib/early-request';
import { getAction } from '../../../lib/request';

export async function fetchCurrentUserCard(): Promise<CurrentUserCard> {
  const res = await getAction<CurrentUserCard>(API.currentUser);
  return res.result;
}

/** Every figure of the dashboard in one call (sections the caller may not read are null). */
export async function fetchAnalysis(): Promise<DashboardAnalysis> {
  // Asked for at sign-in already (lib/early-request), the first read takes that answer.
  const early = takeEarly<DashboardAnalysis>(DASHBOARD_API.analysis);
  if (early) return early;
  const res = await getAction<DashboardAnalysis>(DASHBOARD_API.analysis);
  return res.result;
}

/** The server keeps the figures 30 s: asking again sooner would get the same answer. */
export const ANALYSIS_QUERY = { queryKey: ['dashboard-analysis'], queryFn: fetchAnalysis, staleTime: 30_000 } as const;
