import { describe, expect, it } from 'vitest';
import { describeResource, PERM, POSITION_RESOURCE } from '@district/shared';
import { columnsOf, permissionsOf, queryFieldOf, superQueryFieldsOf, urlsOf } from './list-resource';

const THING = describeResource({
  name: 'biz_thing',
  title: '物品',
  path: '/biz/thing',
  fields: {
    name: { title: '物品名称', type: 'string', filter: true, sort: true },
    code: { title: '物品编码', type: 'string', filter: true, query: 'eq', list: 'code' },
    status: { title: '状态', type: 'string', filter: true, dict: 'thing_status' },
    kinds: { title: '类别', type: 'string', filter: true, dict: 'thing_kind', query: 'dictMulti' },
    departId: { title: '所属部门', type: 'string', filter: true, query: 'depart' },
    categoryId: { title: '分类', type: 'string', filter: true, query: { kind: 'category', root: 'A01' } },
    price: { title: '单价', type: 'decimal2', filter: true, sort: true },
    buyDate: { title: '购置日期', type: 'date', filter: true },
    createTime: { title: '创建时间', type: 'datetime', filter: true, sort: true, list: { width: 170 } },
    secret: { title: '密钥', type: 'string', hidden: true, filter: true },
    note: { title: '备注', type: 'string' },
  },
  permissions: { list: PERM.positionList, add: PERM.positionAdd, delete: PERM.positionDelete },
});

describe('a list page from a shared declaration', () => {
  it('takes column titles, sort rights and value types from the fields', () => {
    const columns = columnsOf(THING, ['name', 'code', 'status', 'price', 'createTime', { title: '自定义', key: 'x' }]);
    expect(columns.map((c) => [c.title, c.sorter, c.valueType])).toEqual([
      ['物品名称', true, 'text'],
      ['物品编码', false, 'code'],
      ['状态', false, 'dict'],
      ['单价', true, 'number'],
      ['创建时间', true, 'datetime'],
      ['自定义', undefined, undefined],
    ]);
    expect(columns[4]).toMatchObject({ dataIndex: 'createTime', width: 170 });
  });

  it('gives each field the query input its kind or type asks for', () => {
    expect(queryFieldOf(THING, 'name')).toMatchObject({ kind: 'input', op: 'like', label: '物品名称' });
    expect(queryFieldOf(THING, 'code')).toMatchObject({ kind: 'input', op: 'eq' });
    expect(queryFieldOf(THING, 'status')).toMatchObject({ kind: 'dict', dictCode: 'thing_status', multiple: false });
    expect(queryFieldOf(THING, 'kinds')).toMatchObject({ kind: 'dict', dictCode: 'thing_kind', multiple: true });
    expect(queryFieldOf(THING, 'departId')).toMatchObject({ kind: 'depart', label: '所属部门' });
    expect(queryFieldOf(THING, 'categoryId')).toMatchObject({ kind: 'category', root: 'A01' });
    expect(queryFieldOf(THING, 'price')).toMatchObject({ kind: 'number' });
    expect(queryFieldOf(THING, 'buyDate')).toMatchObject({ kind: 'dateRange' });
    expect(queryFieldOf(THING, 'createTime')).toMatchObject({ kind: 'dateRange', showTime: true });
  });

  it('offers the advanced query every filterable field that is answered, dictionaries as selects', () => {
    const fields = superQueryFieldsOf(THING);
    expect(fields.map((f) => f.field)).not.toContain('secret');
    expect(fields.map((f) => f.field)).not.toContain('note');
    expect(fields.find((f) => f.field === 'status')).toEqual({
      field: 'status',
      title: '状态',
      type: 'select',
      dictCode: 'thing_status',
    });
    expect(fields.find((f) => f.field === 'price')?.type).toBe('number');
  });

  it('turns on only the buttons the declaration has permissions for', () => {
    expect(urlsOf(THING)).toEqual({
      list: '/biz/thing/list',
      delete: '/biz/thing/delete',
      deleteBatch: '/biz/thing/deleteBatch',
    });
    expect(permissionsOf(THING)).toMatchObject({ add: PERM.positionAdd, batchDelete: PERM.positionDelete });
    expect(urlsOf(POSITION_RESOURCE)).toMatchObject({
      exportXls: '/sys/position/exportXls',
      importExcel: '/sys/position/importExcel',
    });
  });
});
