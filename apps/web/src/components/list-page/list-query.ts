import type { ReactNode } from 'react';
import type { Dayjs } from 'dayjs';
import {
  DATE_FORMAT,
  DATETIME_FORMAT,
  encodeFilter,
  encodeSuperQuery,
  type FilterOperator,
  type SortOrder,
  type SuperQueryCondition,
  type SuperQueryMatchType,
} from '@district/shared';

/** The URLs of one list resource; only `list` is required, the others enable their buttons. */
export interface ListPageUrls {
  list?: string;
  delete?: string;
  deleteBatch?: string;
  exportXls?: string;
  importExcel?: string;
}

export interface SelectOption {
  label: string;
  value: string | number;
}

interface QueryFieldBase {
  field: string;
  label: string;
  placeholder?: string;
}

/** One input of the query form above a list; each kind knows how it is sent (app-spec §5 encodings). */
export type QueryField = QueryFieldBase &
  (
    | { kind: 'input'; op?: FilterOperator; trim?: boolean }
    | { kind: 'dict'; dictCode: string; multiple?: boolean }
    | { kind: 'select'; options: SelectOption[]; multiple?: boolean }
    | { kind: 'dateRange'; showTime?: boolean }
    | { kind: 'number' }
    /** One department (its id). */
    | { kind: 'depart' }
    /** One category of the tree under `root` (its id). */
    | { kind: 'category'; root?: string }
    /** The page's own input; its value is sent as it is (a string or a comma list). */
    | { kind: 'custom'; render: (props: { value?: unknown; onChange?: (value: unknown) => void }) => ReactNode }
  );

export type ListParams = Record<string, string | number>;

export interface ListSort {
  column: string;
  order: SortOrder;
}

export interface SuperQueryState {
  conditions: SuperQueryCondition[];
  matchType: SuperQueryMatchType;
}

function isDayjs(v: unknown): v is Dayjs {
  return typeof v === 'object' && v !== null && typeof (v as Dayjs).format === 'function';
}

/** Turns the query form's values into plain filter parameters; empty inputs send nothing. */
export function queryFieldParams(fields: readonly QueryField[], values: Record<string, unknown>): ListParams {
  const params: ListParams = {};
  for (const f of fields) {
    const v = values[f.field];
    if (v === undefined || v === null || v === '') continue;
    switch (f.kind) {
      case 'input': {
        const encoded = encodeFilter(String(v), f.op ?? 'eq', f.trim);
        if (encoded !== '') params[f.field] = encoded;
        break;
      }
      case 'dict':
      case 'select':
        if (Array.isArray(v)) {
          // Several values are an "in" filter: a comma-separated list.
          if (v.length) params[f.field] = v.join(',');
        } else params[f.field] = String(v);
        break;
      case 'dateRange': {
        if (!Array.isArray(v)) break;
        const format = f.showTime ? DATETIME_FORMAT : DATE_FORMAT;
        const [begin, end] = v as unknown[];
        if (isDayjs(begin)) params[`${f.field}_begin`] = begin.format(format);
        if (isDayjs(end)) params[`${f.field}_end`] = end.format(format);
        break;
      }
      case 'number':
      case 'depart':
      case 'category':
        params[f.field] = String(v);
        break;
      case 'custom':
        if (Array.isArray(v)) {
          if (v.length) params[f.field] = v.join(',');
        } else params[f.field] = String(v);
        break;
    }
  }
  return params;
}

export interface ListRequestState {
  defaultParams?: ListParams;
  query: ListParams;
  page?: { current: number; pageSize: number };
  sort: ListSort | null;
  superQuery: SuperQueryState;
}

/**
 * The parameters of a list request. The sort is sent only once the user chose one: without it the
 * server applies the resource's default (createTime descending, widgets-spec §9), and it refuses a
 * column that is not declared sortable.
 */
export function buildListParams(state: ListRequestState): ListParams {
  const params: ListParams = { ...state.defaultParams, ...state.query };
  if (state.page) {
    params.pageNo = state.page.current;
    params.pageSize = state.page.pageSize;
  }
  if (state.sort) {
    params.column = state.sort.column;
    params.order = state.sort.order;
  }
  if (state.superQuery.conditions.length) {
    params.superQueryParams = encodeSuperQuery(state.superQuery.conditions);
    params.superQueryMatchType = state.superQuery.matchType;
  }
  return params;
}

/** `第 1-20 条 / 共 100 条` */
export function totalText(total: number, range: [number, number]): string {
  return `第 ${range[0]}-${range[1]} 条 / 共 ${total} 条`;
}
