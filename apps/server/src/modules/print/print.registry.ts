import {
  ASSET_DICT,
  PERM,
  PRINT_FORMATS,
  UPLOAD_API,
  ASSET_ROUTES,
  type PermissionCode,
  type PrintChild,
  type PrintField,
  type PrintFieldKind,
  type PrintSource,
  type PrintSourceKey,
} from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ResourceDef } from '../../lib/resource/resource.types.js';
import { assetResource } from '../asset/asset.resource.js';
import { ticketResource } from '../house/ticket.resource.js';
import { projectResource } from '../project/project.resource.js';

/*
 * The printable sources (打印数据源): what a template may bind, never a free table name. Each source reads
 * its records through a resource's scoped() layer (tenant, soft delete, the caller's data rules) and needs
 * that resource's read right besides print:print.
 */

export interface SourceField extends PrintField {
  /** Computed from the decorated row rather than read as `row[key]` (e.g. the first image, the public url). */
  value?: (row: Record<string, unknown>, env: ValueEnv) => unknown;
}

export interface ValueEnv {
  /** The caller's origin (scheme://host), for links printed as QR codes. */
  origin: string;
}

export interface SourceChild extends PrintChild {
  fields: SourceField[];
  /** Rows of the child table for the given parent ids (already known to be readable), oldest first. */
  load: (db: Kysely<Database>, parentIds: string[]) => Promise<Record<string, unknown>[]>;
  /** The child row's column naming its parent. */
  parentKey: string;
  /** Declares the rows' dictionaries and hundredths (fen, 0.01 m²) for the resource layer's decoration. */
  rowDef: ResourceDef;
}

export interface PrintSourceDef {
  key: PrintSourceKey;
  title: string;
  /** The resource whose scoped() reads the records; ledger events go through their asset's. */
  resource: ResourceDef;
  /** The read right the caller must hold on the records' resource. */
  readPermission: PermissionCode;
  fields: SourceField[];
  children: SourceChild[];
}

const f = (key: string, title: string, kind: PrintFieldKind = 'text', value?: SourceField['value']): SourceField =>
  value ? { key, title, kind, value } : { key, title, kind };

/** The first stored image as its public url path (the web fetches and embeds it). */
function firstImage(row: Record<string, unknown>): string {
  const first = String(row.images ?? '')
    .split(',')
    .map((p) => p.trim())
    .find(Boolean);
  return first ? `${UPLOAD_API.staticFile}/${first}` : '';
}

/** A declaration used only to decorate rows read here (labels, hundredths); never registered as routes. */
function rowsDef(table: keyof Database & string, fields: ResourceDef['fields']): ResourceDef {
  return { name: table, title: table, table, path: '', fields, permissions: { list: PERM.printPrint } };
}

async function departNames(db: Kysely<Database>, ids: string[]): Promise<Map<string, string>> {
  const rows = await db.selectFrom('sysDepart').select(['id', 'departName']).where('id', 'in', ids).execute();
  return new Map(rows.map((d) => [d.id, d.departName]));
}

/** Ledger events printed as records of their own: labels and amounts like the asset's ledger page. */
export const ledgerEventDef = rowsDef('bizAssetLedger', {
  type: { type: 'string', title: '事件类型', dict: ASSET_DICT.ledgerType },
  fromDepartId: { type: 'string', title: '原部门', dictTable: departNames },
  toDepartId: { type: 'string', title: '新部门', dictTable: departNames },
  amount: { type: 'decimal2', title: '金额' },
  netValueBefore: { type: 'decimal2', title: '事件前净值' },
  netValueAfter: { type: 'decimal2', title: '事件后净值' },
});

const ledgerChild: SourceChild = {
  key: 'ledger',
  title: '台账事件',
  parentKey: 'assetId',
  fields: [
    f('eventDate', '日期', 'date'),
    f('type', '事件类型', 'dict'),
    f('counterparty', '对方单位', 'text'),
    f('amount', '金额(元)', 'money'),
    f('netValueAfter', '事件后净值(元)', 'money'),
    f('remark', '备注', 'text'),
  ],
  rowDef: rowsDef('bizAssetLedger', {
    type: { type: 'string', title: '事件类型', dict: ASSET_DICT.ledgerType },
    amount: { type: 'decimal2', title: '金额' },
    netValueAfter: { type: 'decimal2', title: '事件后净值' },
  }),
  load: (db, ids) =>
    db
      .selectFrom('bizAssetLedger')
      .selectAll()
      .where('assetId', 'in', ids)
      .orderBy('eventDate', 'asc')
      .orderBy('createTime', 'asc')
      .orderBy('id', 'asc')
      .execute(),
};

const usesChild: SourceChild = {
  key: 'uses',
  title: '使用记录',
  parentKey: 'ticketId',
  fields: [
    f('useDate', '使用日期', 'date'),
    f('houseAddress', '房屋地址', 'text'),
    f('area', '面积(㎡)', 'number'),
    f('amount', '使用金额(元)', 'money'),
    f('seller', '售房单位', 'text'),
  ],
  rowDef: rowsDef('bizTicketUse', {
    area: { type: 'decimal2', title: '面积' },
    amount: { type: 'decimal2', title: '使用金额' },
  }),
  load: (db, ids) =>
    db
      .selectFrom('bizTicketUse')
      .selectAll()
      .where('ticketId', 'in', ids)
      .orderBy('useDate', 'asc')
      .orderBy('createTime', 'asc')
      .orderBy('id', 'asc')
      .execute(),
};

export const PRINT_SOURCES: Record<PrintSourceKey, PrintSourceDef> = {
  asset: {
    key: 'asset',
    title: '资产',
    resource: assetResource,
    readPermission: PERM.assetList,
    fields: [
      f('code', '资产编号'),
      f('name', '资产名称'),
      f('categoryId', '资产分类', 'dict'),
      f('ownerDepartId', '所属部门', 'dict'),
      f('custodian', '保管人', 'dict'),
      f('address', '地址'),
      f('area', '面积(㎡)', 'number'),
      f('originalValue', '原值(元)', 'money'),
      f('netValue', '净值(元)', 'money'),
      f('acquiredDate', '取得日期', 'date'),
      f('status', '资产状态', 'dict'),
      f('useNature', '使用性质', 'dict'),
      f('certificateNo', '权证号'),
      f('remark', '备注'),
      f('mainImage', '主图', 'image', firstImage),
      // Only a published asset has a public page; an unpublished one prints no link.
      f('publicUrl', '公开页面链接', 'url', (row, env) =>
        Number(row.published) === 1 ? `${env.origin}${ASSET_ROUTES.publicDetail}?id=${String(row.id)}` : '',
      ),
    ],
    children: [ledgerChild],
  },
  ledger: {
    key: 'ledger',
    title: '台账事件',
    // Read through the asset: an event is printable when its asset is readable.
    resource: assetResource,
    readPermission: PERM.assetLedgerList,
    fields: [
      f('assetCode', '资产编号'),
      f('assetName', '资产名称'),
      f('type', '事件类型', 'dict'),
      f('eventDate', '日期', 'date'),
      f('fromDepartId', '原部门', 'dict'),
      f('toDepartId', '新部门', 'dict'),
      f('counterparty', '对方单位'),
      f('amount', '金额(元)', 'money'),
      f('netValueBefore', '事件前净值(元)', 'money'),
      f('netValueAfter', '事件后净值(元)', 'money'),
      f('remark', '备注'),
    ],
    children: [],
  },
  ticket: {
    key: 'ticket',
    title: '房票',
    resource: ticketResource,
    readPermission: PERM.ticketList,
    fields: [
      f('ticketNo', '房票编号'),
      f('holderName', '持票人'),
      // Masked unless the caller may see whole numbers (the resource's decorate decides).
      f('holderIdCard', '身份证号'),
      f('holderPhone', '手机号'),
      f('projectId', '安置项目', 'dict'),
      f('faceAmount', '票面金额(元)', 'money'),
      f('usedAmount', '已使用金额(元)', 'money'),
      f('remainingAmount', '剩余金额(元)', 'money'),
      f('issueDate', '发放日期', 'date'),
      f('expiryDate', '有效期至', 'date'),
      f('status', '状态', 'dict'),
      f('remark', '备注'),
    ],
    children: [usesChild],
  },
  project: {
    key: 'project',
    title: '项目',
    resource: projectResource,
    readPermission: PERM.projectList,
    fields: [
      f('code', '项目编号'),
      f('name', '项目名称'),
      f('type', '项目类型', 'dict'),
      f('leaderId', '项目负责人', 'dict'),
      f('departId', '所属部门', 'dict'),
      f('budget', '预算(元)', 'money'),
      f('actualCost', '实际成本(元)', 'money'),
      f('startDate', '开始日期', 'date'),
      f('endDate', '结束日期', 'date'),
      f('progress', '进度(%)', 'number'),
      f('status', '项目状态', 'dict'),
      f('address', '项目地址'),
      f('description', '项目描述'),
      f('remark', '备注'),
    ],
    children: [],
  },
};

export function sourceOf(key: string): PrintSourceDef | null {
  return Object.hasOwn(PRINT_SOURCES, key) ? PRINT_SOURCES[key as PrintSourceKey] : null;
}

/** What the designer sees: fields with labels and kinds, child tables with theirs. */
export function describeSources(): PrintSource[] {
  const plain = (x: SourceField): PrintField => ({ key: x.key, title: x.title, kind: x.kind });
  return Object.values(PRINT_SOURCES).map((s) => ({
    key: s.key,
    title: s.title,
    fields: s.fields.map(plain),
    children: s.children.map((c) => ({ key: c.key, title: c.title, fields: c.fields.map(plain) })),
  }));
}

export function formatAllowed(kind: PrintFieldKind, format: string): boolean {
  return Object.hasOwn(PRINT_FORMATS, format) && PRINT_FORMATS[format]!.kinds.includes(kind);
}
