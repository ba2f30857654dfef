/**
 * The analysis dashboard (首页 /dashboard/analysis, issue 10): one aggregate call answers every figure, within
 * the caller's tenant and data rules. A section the caller may not read (no list permission) is null.
 */

export const DASHBOARD_API = { analysis: '/dashboard/analysis' } as const;

export interface DashboardCards {
  assetCount: number;
  /** Yuan. */
  originalValue: number;
  netValue: number;
  /** Percent of assets (not disposed) that are idle / leased, one decimal. */
  idleRate: number;
  leasedRate: number;
}

export interface DashboardTicketCards {
  /** Issued or partly used tickets, and what remains on them in yuan. */
  outstandingCount: number;
  outstandingAmount: number;
}

export interface DashboardProjectRow {
  id: string;
  code: string;
  name: string;
  type: string;
  typeText: string;
  status: string;
  statusText: string;
  progress: number;
  departName: string | null;
  endDate: string | null;
}

export interface DashboardAnalysis {
  assets: {
    cards: DashboardCards;
    byCategory: { categoryId: string; name: string; count: number }[];
    /** Original and net value per owning department, yuan. */
    byDepart: { departId: string | null; name: string; originalValue: number; netValue: number }[];
    /** The last 12 months, oldest first, 'YYYY-MM'; every month present (zero when none). */
    ledgerByMonth: { month: string; count: number }[];
  } | null;
  tickets: DashboardTicketCards | null;
  projects: {
    /** Count and average progress per status. */
    byStatus: { status: string; text: string; count: number; avgProgress: number }[];
    latest: DashboardProjectRow[];
  } | null;
  /** When the figures were computed (they are cached briefly on the server). */
  generatedAt: string;
}
