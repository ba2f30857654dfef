import { describe, expect, it } from 'vitest';
import type { OnlineFormDef } from './online.js';
import {
  onlineDataPath,
  onlineDescriptor,
  onlineFieldRuleParts,
  onlineFieldRules,
  onlineListFields,
  onlineQueryFields,
} from './online-resource.js';
import { RULES } from './validation.js';

const FORM: OnlineFormDef = {
  id: 'f1',
  tableName: 'onl_meeting',
  title: '会议室预约',
  formKind: 'single',
  theme: 'plain',
  subTables: [],
  version: 1,
  syncedVersion: 1,
  fields: [
    { name: 'topic', label: '主题', dbType: 'string', length: 50, required: true, showQuery: true, queryMode: 'like' },
    { name: 'room', label: '会议室', dbType: 'string', dictCode: 'room', widget: 'select', showQuery: true },
    { name: 'tags', label: '标签', dbType: 'string', dictCode: 'tag', widget: 'checkbox' },
    { name: 'host', label: '主持人', dbType: 'string', dictCode: 'sys_user,realname,username', showQuery: true },
    { name: 'meeting_date', label: '日期', dbType: 'date', showQuery: true, queryMode: 'range' },
    { name: 'start_at', label: '开始', dbType: 'datetime', showQuery: true, queryMode: 'range' },
    { name: 'seats', label: '人数', dbType: 'int', showQuery: true },
    { name: 'notes', label: '备注', dbType: 'text', showList: false },
    { name: 'paid', label: '已付', dbType: 'boolean' },
    { name: 'phone', label: '电话', dbType: 'string', ruleCode: 'mobile', unique: true },
    { name: 'secret', label: '口令', dbType: 'string', widget: 'password' },
  ],
};

describe('a synchronised form as a resource descriptor', () => {
  const d = onlineDescriptor(FORM);

  it('serves the standard routes of its table with its online:{table}:* buttons', () => {
    expect(d.path).toBe(onlineDataPath('onl_meeting'));
    expect(d.path).toBe('/online/cgform/data/onl_meeting');
    expect([d.name, d.title, d.exportName]).toEqual(['onl_meeting', '会议室预约', '会议室预约']);
    expect(d.permissions).toEqual({
      list: 'online:onl_meeting:list',
      add: 'online:onl_meeting:add',
      edit: 'online:onl_meeting:edit',
      delete: 'online:onl_meeting:delete',
      exportXls: 'online:onl_meeting:export',
      importExcel: 'online:onl_meeting:import',
    });
  });

  it('declares the system columns first, then the fields by their keys', () => {
    expect(Object.keys(d.fields)).toEqual([
      'id',
      'createBy',
      'createTime',
      'updateTime',
      'sysOrgCode',
      'topic',
      'room',
      'tags',
      'host',
      'meetingDate',
      'startAt',
      'seats',
      'notes',
      'paid',
      'phone',
      'secret',
    ]);
    expect(d.fields.createTime).toMatchObject({ title: '创建时间', type: 'datetime', sort: true, excel: false });
  });

  it("takes titles, types, dictionaries and rights from the designer's settings", () => {
    expect(d.fields.topic).toMatchObject({ title: '主题', type: 'string', filter: true, sort: true, excel: true });
    expect(d.fields.room).toMatchObject({ dict: 'room' });
    expect(d.fields.tags).toMatchObject({ dict: 'tag', multi: true });
    expect(d.fields.host).toMatchObject({ dict: 'sys_user,realname,username' });
    expect(d.fields.seats!.type).toBe('int');
    expect(d.fields.paid).toMatchObject({ type: 'int', list: 'text' });
    // A long text is neither sorted nor exported while it is out of the list.
    expect(d.fields.notes).toMatchObject({ type: 'string', sort: false, excel: false, list: 'longText' });
    expect(d.fields.secret!.hidden).toBe(true);
  });

  it('gives the query form the input of 查询模式', () => {
    expect(onlineQueryFields(FORM)).toEqual(['topic', 'room', 'host', 'meetingDate', 'startAt', 'seats']);
    expect(onlineQueryFields(FORM).map((k) => d.fields[k]!.query)).toEqual([
      'like',
      'dict',
      // A table dictionary's value is typed, matched exactly.
      'eq',
      'dateRange',
      'datetimeRange',
      'number',
    ]);
    // Text without a 查询模式 matches partly, as every other list does; 精确查询 exactly.
    const text = onlineDescriptor({
      ...FORM,
      fields: [
        { name: 'title', label: '标题', dbType: 'string', showQuery: true },
        { name: 'summary', label: '摘要', dbType: 'text', showQuery: true },
        { name: 'serial', label: '编号', dbType: 'string', showQuery: true, queryMode: 'exact' },
      ],
    });
    expect([text.fields.title!.query, text.fields.summary!.query, text.fields.serial!.query]).toEqual([
      'like',
      'like',
      'eq',
    ]);
    expect(onlineListFields(FORM)).not.toContain('notes');
    expect(onlineListFields(FORM)).not.toContain('secret');
  });

  it("holds the rules of the field's validation with the server's messages", () => {
    expect(d.fields.topic!.rules).toEqual([
      { required: true, message: '请输入主题' },
      { max: 50, message: '主题最长 50 个字符' },
    ]);
    // The shared rule without its own required rule: the field may stay empty.
    expect(d.fields.phone!.rules).toEqual([{ max: 255, message: '电话最长 255 个字符' }, RULES.mobile[1]]);
    expect(onlineFieldRuleParts(FORM.fields[9]!).rule).toEqual(RULES.mobile);
    expect(onlineFieldRules(FORM.fields[6]!)).toEqual([]);
  });

  it('is unique within a tenant, with the field named in the message', () => {
    const [unique] = onlineDescriptor(FORM, { indexName: (t, c) => `ux_${t}_${c}` }).unique!;
    expect(unique!.index).toBe('ux_onl_meeting_phone');
    expect(unique!.fields).toEqual(['tenantId', 'phone']);
    expect(unique!.message('13800000000')).toBe('电话“13800000000”已存在');
    expect(unique!.message(null)).toBe('电话已存在');
  });

  it('adds the parent and hasChild of a tree', () => {
    const tree = onlineDescriptor({ ...FORM, formKind: 'tree', treeParentField: 'pid' });
    expect(tree.fields.pid).toMatchObject({ title: '父级', filter: true, excel: false });
    expect(tree.fields.hasChild).toMatchObject({ computed: true });
  });
});
