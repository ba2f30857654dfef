/**
 * Houses: room tickets (房票), the resettlement vouchers of shared/design/domain.md (issue 10).
 * Money is exchanged in yuan with at most 2 decimals and stored as integer fen; areas in m² (hundredths).
 */

/** Route paths of the room-ticket API, below the API base. */
export const TICKET_API = {
  /** The resource: list, add, edit, delete, deleteBatch, queryById, exportXls, importExcel below it. */
  base: '/house/ticket',
  /** GET ?id: one ticket with labels, its remaining amount, capital numerals and its uses. */
  detail: '/house/ticket/detail',
  /** POST TicketUseInput: records a use (never more than the remaining amount). */
  use: '/house/ticket/use',
  /** GET ?ticketId: the uses of one ticket, newest first. */
  uses: '/house/ticket/uses',
  /** PUT { id, reason }: cancels an issued or partly used ticket. */
  cancel: '/house/ticket/cancel',
  /** POST: marks tickets past their expiry date as expired (idempotent; answers how many changed). */
  expire: '/house/ticket/expire',
} as const;

/** Web routes (menu urls) of the house screens. */
export const TICKET_ROUTES = {
  list: '/house/ticket',
  /** Opened from the list with ?id. */
  detail: '/house/ticketDetail',
} as const;

export const TICKET_DICT = { status: 'ticket_status' } as const;

/** The fill rule that numbers tickets (FP + date + sequence). */
export const TICKET_NO_RULE = 'ticket_no';

export const TICKET_STATUS = {
  issued: 'issued',
  partlyUsed: 'partly_used',
  used: 'used',
  expired: 'expired',
  cancelled: 'cancelled',
} as const;
export type TicketStatus = (typeof TICKET_STATUS)[keyof typeof TICKET_STATUS];

export const TICKET_STATUS_ITEMS: readonly { value: TicketStatus; text: string; color: string }[] = [
  { value: 'issued', text: '已发放', color: '#1677ff' },
  { value: 'partly_used', text: '部分使用', color: '#fa8c16' },
  { value: 'used', text: '已使用', color: '#52c41a' },
  { value: 'expired', text: '已过期', color: '#8c8c8c' },
  { value: 'cancelled', text: '已作废', color: '#f5222d' },
];

/** Statuses in which a ticket can still be spent or cancelled (the "outstanding" tickets). */
export const TICKET_SPENDABLE: readonly TicketStatus[] = ['issued', 'partly_used'];

/** A room ticket as the back office reads it (list rows add `<field>_dictText` labels). */
export interface RoomTicket {
  id: string;
  ticketNo: string;
  holderName: string;
  /** Masked (110***********1234) unless the caller holds PERM.ticketViewIdCard. */
  holderIdCard: string;
  holderPhone: string;
  projectId: string;
  faceAmount: number;
  usedAmount: number;
  issueDate: string;
  expiryDate: string;
  status: TicketStatus;
  cancelReason: string | null;
  remark: string | null;
  version: number;
}

/** GET TICKET_API.detail. */
export interface RoomTicketDetail extends RoomTicket {
  projectName: string | null;
  statusText: string;
  remainingAmount: number;
  /** The amounts in capital numerals (壹万贰仟元整). */
  faceAmountText: string;
  usedAmountText: string;
  remainingAmountText: string;
  uses: TicketUse[];
  createBy: string | null;
  /** The 发放人's real name (createBy is the login name); null when the account is gone. */
  createByName?: string | null;
  createTime: string | null;
}

export interface TicketUse {
  id: string;
  ticketId: string;
  houseAddress: string;
  area: number | null;
  amount: number;
  useDate: string;
  seller: string;
  remark: string | null;
  createBy: string | null;
  /** The 登记人's real name (createBy is the login name); null when the account is gone. */
  createByName?: string | null;
  createTime: string | null;
}

export const TICKET_LIMITS = {
  /** Largest face amount in yuan (below the currency-to-Chinese limit of 1e15). */
  maxYuan: 1e13,
} as const;

export const TICKET_MESSAGES = {
  holderNameRequired: '请输入持票人姓名',
  idCardRequired: '请输入持票人身份证号',
  idCardInvalid: '请输入正确的身份证号码',
  phoneRequired: '请输入持票人手机号',
  phoneInvalid: '请输入正确手机号',
  projectRequired: '请选择安置项目',
  projectNotResettlement: '房票只能关联安置类项目',
  unknownProject: '安置项目不存在',
  faceAmount: '票面金额须为大于0的金额，最多两位小数',
  amount: '使用金额须为大于0的金额，最多两位小数',
  area: '面积须为大于0的数值，最多两位小数',
  tooLarge: '金额过大，应小于1000万亿元',
  issueDateRequired: '请选择发放日期',
  expiryDateRequired: '请选择有效期至',
  expiryBeforeIssue: '有效期至不能早于发放日期',
  useDateRequired: '请选择使用日期',
  useBeforeIssue: '使用日期不能早于发放日期',
  useAfterExpiry: '使用日期不能晚于有效期',
  useInFuture: '使用日期不能晚于今天',
  issueAfterUse: (date: string) => `发放日期不能晚于已登记的使用日期（${date}）`,
  expiryBeforeUse: (date: string) => `有效期至不能早于已登记的使用日期（${date}）`,
  houseAddressRequired: '请输入房屋地址',
  sellerRequired: '请输入售房单位',
  overRemaining: (remaining: string) => `使用金额超过房票剩余金额（剩余 ${remaining} 元）`,
  expired: '房票已过期，不能使用',
  cancelled: '房票已作废，不能使用',
  usedUp: '房票已全部使用',
  notFound: '房票不存在或已删除',
  cancelReasonRequired: '请输入作废原因',
  notCancellable: '只有已发放或部分使用的房票可以作废',
  faceBelowUsed: '票面金额不能小于已使用金额',
  editClosed: '已使用、已过期或已作废的房票不能修改',
  deleteUsed: '已有使用记录的房票不能删除，请作废',
  statusFixed: '房票状态只能通过使用、作废或过期变更',
  ticketNoFixed: '房票编号不能修改',
  ticketNoTaken: (no: string) => `房票编号“${no}”已存在`,
  concurrentChange: '房票刚被其他人修改，请刷新后重试',
} as const;

/** Weights and check characters of GB 11643 (the 18th character of a citizen ID number). */
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/**
 * The Chinese citizen ID number: the shared pattern (15 digits, or 17 digits and a check character), a real
 * birth date, and for 18 characters the GB 11643 check character.
 */
export function isValidIdCard(value: string): boolean {
  const v = value.trim().toUpperCase();
  if (!/^(\d{15}|\d{17}[\dX])$/.test(v)) return false;
  const birth = v.length === 18 ? v.slice(6, 14) : `19${v.slice(6, 12)}`;
  const y = Number(birth.slice(0, 4));
  const m = Number(birth.slice(4, 6));
  const d = Number(birth.slice(6, 8));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  if (v.length === 15) return true;
  return idCardCheckChar(v.slice(0, 17)) === v[17];
}

/** The GB 11643 check character of the first 17 digits of a citizen ID number. */
export function idCardCheckChar(first17: string): string {
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(first17[i]), 0);
  return ID_CHECK[sum % 11]!;
}

/** 110101199003071234 → 110***********1234: the first 3 and last 4 characters stay. */
export function maskIdCard(value: string | null | undefined): string {
  if (!value) return '';
  if (value.length <= 7) return '*'.repeat(value.length);
  return value.slice(0, 3) + '*'.repeat(value.length - 7) + value.slice(-4);
}

/** Whether a value is a masked ID number as lists answer it (sent back unchanged by a form). */
export const isMaskedIdCard = (value: string): boolean => value.includes('*');
