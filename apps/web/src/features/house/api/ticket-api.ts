import {
  PROJECT_API,
  TICKET_API,
  TICKET_RESOURCE,
  TICKET_STATUS_ITEMS,
  toChineseCurrency,
  type RoomTicket,
  type RoomTicketDetail,
  type TicketStatus,
  type TicketUse,
  resourceUrls,
} from '@district/shared';
import type { TicketCancelInput, TicketUseInput } from '@district/shared/schemas';
import { getAction, postAction, putAction, type RequestOptions } from '@/lib/request';

/** The standard resource URLs of the ticket declaration. */
export const TICKET_URLS = resourceUrls(TICKET_RESOURCE.path);

/** A row of the ticket list: the ticket, its labels (`<field>_dictText`) and the remaining amount. */
export type TicketRecord = RoomTicket & {
  remainingAmount?: number;
  projectId_dictText?: string | null;
  status_dictText?: string | null;
};

export interface ResettlementProject {
  id: string;
  code: string;
  name: string;
}

export type TicketPayload = {
  id?: string;
  holderName: string;
  holderIdCard: string;
  holderPhone: string;
  projectId: string;
  faceAmount: number;
  issueDate: string;
  expiryDate: string;
  remark?: string | null;
  version?: number;
};

const YUAN = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 120000 → "¥120,000.00". */
export function formatYuan(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(Number(value))
    ? ''
    : `¥${YUAN.format(Number(value))}`;
}

/** An amount in Chinese capital numerals, or the reason it has none (too large, not a number); '' when empty. */
export function capitalOf(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  try {
    return toChineseCurrency(value);
  } catch (error) {
    return (error as Error).message;
  }
}

/** Statuses in which a ticket can still be spent or cancelled. */
export const isOpen = (status: string | null | undefined) => status === 'issued' || status === 'partly_used';

export function statusItem(status: string | null | undefined) {
  return TICKET_STATUS_ITEMS.find((s) => s.value === (status as TicketStatus));
}

export function saveTicket(payload: TicketPayload) {
  return payload.id ? putAction(TICKET_URLS.edit, payload) : postAction<{ id: string }>(TICKET_URLS.add, payload);
}

export async function fetchTicketDetail(id: string, options?: RequestOptions): Promise<RoomTicketDetail> {
  const res = await getAction<RoomTicketDetail>(TICKET_API.detail, { id }, options);
  if (!res.success || !res.result) throw new Error(res.message);
  return res.result;
}

export function recordTicketUse(input: TicketUseInput) {
  return postAction<{ id: string; remainingAmount: number; status: TicketStatus }>(TICKET_API.use, input);
}

export type { TicketUse };

export function cancelTicket(input: TicketCancelInput) {
  return putAction(TICKET_API.cancel, input);
}

export function runTicketExpiry() {
  return postAction<{ changed: number }>(TICKET_API.expire, {});
}

/** The resettlement projects a ticket may refer to (the project register answers them). */
export async function fetchResettlementProjects(): Promise<ResettlementProject[]> {
  const res = await getAction<ResettlementProject[]>(PROJECT_API.resettlement);
  return res.result ?? [];
}

export const resettlementQuery = {
  queryKey: ['project', 'resettlement'] as const,
  queryFn: fetchResettlementProjects,
  staleTime: 60_000,
};
