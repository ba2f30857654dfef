import {
  PROJECT_API,
  PROJECT_RESOURCE,
  PROJECT_STATUS_ITEMS,
  PROJECT_TYPE_ITEMS,
  type Project,
  type ProjectDetail,
  type ProjectStatus,
  resourceUrls,
} from '@district/shared';
import { getAction, postAction, putAction } from '@/lib/request';

/** The standard resource URLs of the project declaration. */
export const PROJECT_URLS = resourceUrls(PROJECT_RESOURCE.path);

/** A row of the project list: the project with the server's labels and its cost rate. */
export type ProjectRecord = Project & {
  type_dictText?: string | null;
  status_dictText?: string | null;
  leaderId_dictText?: string | null;
  departId_dictText?: string | null;
  costRate?: number | null;
};

export type ProjectPayload = Partial<Omit<Project, 'status' | 'attachments'>> & {
  id?: string;
  attachments?: string;
};

export interface SaveAnswer {
  message: string;
  /** The server's warning (over budget): the project is saved all the same. */
  warning: string | null;
}

export async function saveProject(payload: ProjectPayload): Promise<SaveAnswer> {
  const res = payload.id
    ? await putAction<{ warning?: string } | null>(PROJECT_URLS.edit, payload)
    : await postAction<{ id: string; warning?: string }>(PROJECT_URLS.add, payload);
  if (!res.success) throw new Error(res.message);
  return { message: res.message, warning: res.result?.warning ?? null };
}

export async function fetchProjectDetail(id: string): Promise<ProjectDetail> {
  const res = await getAction<ProjectDetail>(PROJECT_API.detail, { id });
  if (!res.success || !res.result) throw new Error(res.message);
  return res.result;
}

/** One project's detail, for the detail views and the forms alike (a missing project is not retried). */
export const projectDetailQuery = (id: string) => ({
  queryKey: ['project-detail', id] as const,
  queryFn: () => fetchProjectDetail(id),
  retry: false,
});

export async function changeProjectStatus(id: string, status: ProjectStatus, version?: number) {
  const res = await putAction<{ version: number; status: ProjectStatus; progress: number }>(PROJECT_API.status, {
    id,
    status,
    version,
  });
  if (!res.success) throw new Error(res.message);
  return res;
}

export const statusItem = (status: string | null | undefined) => PROJECT_STATUS_ITEMS.find((i) => i.value === status);
export const typeText = (type: string | null | undefined) =>
  PROJECT_TYPE_ITEMS.find((i) => i.value === type)?.text ?? type ?? '';

const YUAN = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatYuan(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(Number(value)) ? '' : YUAN.format(Number(value));
}

/** actualCost / budget in percent (one decimal), or null without a positive budget. */
export function costRateOf(budget: number | null | undefined, actual: number | null | undefined): number | null {
  if (budget === null || budget === undefined || actual === null || actual === undefined || budget <= 0) return null;
  return Math.round((actual * 1000) / budget) / 10;
}

/** Comma-separated stored paths to a list. */
export function pathsOf(value: string | null | undefined): string[] {
  return value ? value.split(',').filter(Boolean) : [];
}
