/**
 * District projects (项目) of shared/design/domain.md (issue 10): construction, renovation, resettlement and
 * investment. Money in yuan (≤ 2 decimals, stored as fen), progress 0–100.
 */

/** Route paths of the project API, below the API base. */
export const PROJECT_API = {
  /** The resource: list, add, edit, delete, deleteBatch, queryById, exportXls, importExcel below it. */
  base: '/project/project',
  /** GET ?id: one project with labels and attachments as arrays. */
  detail: '/project/project/detail',
  /** PUT { id, status, version? }: a status change the state machine allows. */
  status: '/project/project/status',
  /** GET: the resettlement projects tickets may refer to, [{ id, code, name }] (for the ticket form). */
  resettlement: '/project/project/resettlement',
} as const;

/** Web routes (menu urls) of the project screens. */
export const PROJECT_ROUTES = {
  list: '/project/list',
  /** The full-page form: ?id to edit, ?id&mode=detail to read, neither to add. */
  form: '/project/form',
} as const;

export const PROJECT_DICT = { type: 'project_type', status: 'project_status' } as const;

/** The fill rule that numbers projects (XM + date + sequence). */
export const PROJECT_CODE_RULE = 'project_code';

export const PROJECT_TYPE = {
  construction: 'construction',
  renovation: 'renovation',
  resettlement: 'resettlement',
  investment: 'investment',
} as const;
export type ProjectType = (typeof PROJECT_TYPE)[keyof typeof PROJECT_TYPE];

export const PROJECT_TYPE_ITEMS: readonly { value: ProjectType; text: string }[] = [
  { value: 'construction', text: '建设项目' },
  { value: 'renovation', text: '改造项目' },
  { value: 'resettlement', text: '安置项目' },
  { value: 'investment', text: '投资项目' },
];

export const PROJECT_STATUS = {
  planned: 'planned',
  inProgress: 'in_progress',
  completed: 'completed',
  suspended: 'suspended',
} as const;
export type ProjectStatus = (typeof PROJECT_STATUS)[keyof typeof PROJECT_STATUS];

export const PROJECT_STATUS_ITEMS: readonly { value: ProjectStatus; text: string; color: string }[] = [
  { value: 'planned', text: '计划', color: '#8c8c8c' },
  { value: 'in_progress', text: '在建', color: '#1677ff' },
  { value: 'completed', text: '已完工', color: '#52c41a' },
  { value: 'suspended', text: '已暂停', color: '#fa8c16' },
];

/** The state machine: planned → in progress → completed; in progress ⇄ suspended. */
export const PROJECT_TRANSITIONS: Record<ProjectStatus, readonly ProjectStatus[]> = {
  planned: ['in_progress'],
  in_progress: ['completed', 'suspended'],
  suspended: ['in_progress'],
  completed: [],
};

/** The button label of each target status. */
export const PROJECT_TRANSITION_LABELS: Record<ProjectStatus, string> = {
  planned: '退回计划',
  in_progress: '开工/恢复',
  completed: '竣工',
  suspended: '暂停',
};

export function canTransition(from: string, to: string): boolean {
  return (PROJECT_TRANSITIONS[from as ProjectStatus] ?? []).includes(to as ProjectStatus);
}

/** Platform setting: the actual cost may exceed the budget up to this percentage (default 120). */
export const PROJECT_COST_CEILING_KEY = 'projectCostCeilingPercent';
export const PROJECT_COST_CEILING_DEFAULT = 120;

export interface Project {
  id: string;
  code: string;
  name: string;
  type: ProjectType;
  leaderId: string | null;
  departId: string | null;
  budget: number | null;
  actualCost: number | null;
  startDate: string | null;
  endDate: string | null;
  progress: number;
  status: ProjectStatus;
  address: string | null;
  longitude: number | null;
  latitude: number | null;
  description: string | null;
  /** Comma-separated stored paths. */
  attachments: string | null;
  remark: string | null;
  version: number;
}

/** GET PROJECT_API.detail. */
export interface ProjectDetail extends Omit<Project, 'attachments'> {
  attachments: { path: string; name: string }[];
  typeText: string;
  statusText: string;
  leaderName: string | null;
  departName: string | null;
  /** actualCost / budget in percent, one decimal, or null without a budget. */
  costRate: number | null;
  /** Status changes allowed from the current status. */
  nextStatuses: ProjectStatus[];
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface ResettlementProjectOption {
  id: string;
  code: string;
  name: string;
}

export const PROJECT_MESSAGES = {
  nameRequired: '请输入项目名称',
  typeRequired: '请选择项目类型',
  money: (field: string) => `${field}须为不小于0的金额，最多两位小数`,
  progress: '进度须为0到100之间的整数',
  endBeforeStart: '结束日期不能早于开始日期',
  unknownLeader: '项目负责人不存在',
  unknownDepart: '所属部门不存在',
  overBudget: (rate: string) => `实际成本已达预算的${rate}%，超出预算`,
  overCeiling: (ceiling: number) => `实际成本超过预算的${ceiling}%上限，请先调整预算`,
  statusRequired: '请选择目标状态',
  transition: (from: string, to: string) => `项目不能从“${from}”变为“${to}”`,
  statusByAction: '项目状态只能通过状态变更操作修改',
  completedClosed: '已完工的项目不能修改',
  notFound: '项目不存在或已删除',
  codeFixed: '项目编号不能修改',
  codeTaken: (code: string) => `项目编号“${code}”已存在`,
  referencedByTickets: (name: string) => `项目“${name}”已有房票，不能删除`,
  typeLockedByTickets: '该项目已有房票，不能改为非安置类项目',
  concurrentChange: '项目刚被其他人修改，请刷新后重试',
  /** The platform setting PROJECT_COST_CEILING_KEY. */
  ceilingRange: '项目成本上限须为100到1000之间的整数（%）',
} as const;
