import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { encodeSuperQuery } from '@district/shared';
import { buildListParams, queryFieldParams, totalText, type QueryField } from './list-query';

describe('list query encodings', () => {
  it('encodes each kind of query field and leaves empty ones out', () => {
    const fields: QueryField[] = [
      { field: 'code', label: '编码', kind: 'input', op: 'ne' },
      { field: 'min', label: '最小', kind: 'input', op: 'ge' },
      { field: 'max', label: '最大', kind: 'input', op: 'le' },
      { field: 'name', label: '名称', kind: 'input', op: 'like', trim: true },
      { field: 'plain', label: '普通', kind: 'input' },
      { field: 'status', label: '状态', kind: 'dict', dictCode: 's', multiple: true },
      { field: 'type', label: '类型', kind: 'select', options: [] },
      { field: 'area', label: '面积', kind: 'number' },
      { field: 'time', label: '时间', kind: 'dateRange', showTime: true },
      { field: 'empty', label: '空', kind: 'input', op: 'like' },
      { field: 'none', label: '无', kind: 'select', options: [], multiple: true },
    ];
    expect(
      queryFieldParams(fields, {
        code: 'A1',
        min: '10',
        max: '20',
        name: '  楼 ',
        plain: 'x',
        status: ['1', '2'],
        type: 'b',
        area: 0,
        time: [dayjs('2024-01-01 08:00:00'), dayjs('2024-01-02 18:30:00')],
        empty: '',
        none: [],
      }),
    ).toEqual({
      code: '!A1',
      min: '>=10',
      max: '<=20',
      name: '*楼*',
      plain: 'x',
      status: '1,2',
      type: 'b',
      area: '0',
      time_begin: '2024-01-01 08:00:00',
      time_end: '2024-01-02 18:30:00',
    });
  });

  it('builds list parameters with paging, a chosen sort and the advanced query', () => {
    const conditions = [{ field: 'name', rule: 'like' as const, val: '楼' }];
    expect(
      buildListParams({
        defaultParams: { parentId: 'p1' },
        query: { name: '*a*' },
        page: { current: 2, pageSize: 30 },
        sort: { column: 'name', order: 'asc' },
        superQuery: { conditions, matchType: 'or' },
      }),
    ).toEqual({
      parentId: 'p1',
      name: '*a*',
      pageNo: 2,
      pageSize: 30,
      column: 'name',
      order: 'asc',
      superQueryParams: encodeSuperQuery(conditions),
      superQueryMatchType: 'or',
    });
    expect(buildListParams({ query: {}, sort: null, superQuery: { conditions: [], matchType: 'and' } })).toEqual({});
  });

  it('sends a department, a category and a page-made input as plain values', () => {
    const fields: QueryField[] = [
      { kind: 'depart', field: 'ownerDepartId', label: '所属部门' },
      { kind: 'category', field: 'categoryId', label: '资产分类', root: 'A01' },
      { kind: 'custom', field: 'tags', label: '标签', render: () => null },
    ];
    expect(queryFieldParams(fields, { ownerDepartId: 'd1', categoryId: 'c9', tags: ['a', 'b'] })).toEqual({
      ownerDepartId: 'd1',
      categoryId: 'c9',
      tags: 'a,b',
    });
    expect(queryFieldParams(fields, { ownerDepartId: '', tags: [] })).toEqual({});
  });

  it('writes the total as range and count', () => {
    expect(totalText(100, [1, 20])).toBe('第 1-20 条 / 共 100 条');
  });
});
