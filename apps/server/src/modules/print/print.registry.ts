import {
  ASSET_RESOURCE,
  ASSET_ROUTES,
  LEDGER_RESOURCE,
  PERM,
  PRINT_FORMATS,
  TICKET_USE_RESOURCE,
  UPLOAD_API,
  type PermissionCode,
  type PrintChild,
  type PrintField,
  type PrintFieldKind,
  type PrintSource,
  type PrintSourceKey,
} from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FieldDef, ResourceDef } from '../../lib/resource/resource.types.js';
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

/** Fields a source computes itself (not a column of its resource): title, kind and how to read it. */
const own = (key: string, title: string, kind: PrintFieldKind, value: SourceField['value']): SourceField => ({
  key,
  title,
  kind,
  value,
});

/** Money is printed in yuan: its title says so. */
const inYuan = (title: string) => (title.endsWith('(元)') ? title : `${title}(元)`);

/** The kind a declared field prints as: labelled, a date, money (decimal2 unless said otherwise), a number, text. */
function kindOf(field: FieldDef): PrintFieldKind {
  if (field.dict || field.dictTable) return 'dict';
  if (field.type === 'date') return 'date';
  if (field.type === 'decimal2') return 'money';
  if (field.type === 'int' || field.type === 'number') return 'number';
  return 'text';
}

/**
 * The printable fields of a declared resource, named as it names them (issue 23: titles are spelled once, in the
 * shared descriptors). A pick is a field's key; `[key, kind]` overrides its kind (an area is a number, not money);
 * `{ key, from }` prints the field `from` under another key (a ledger event's asset code).
 */
function declared(
  fields: Record<string, FieldDef>,
  picks: readonly (string | [key: string, kind: PrintFieldKind] | { key: string; from: string })[],
): SourceField[] {
  return picks.map((pick) => {
    const key = typeof pick === 'string' ? pick : Array.isArray(pick) ? pick[0] : pick.from;
    const field = fields[key];
    if (!field) throw new Error(`打印数据源：没有字段 ${key}`);
    const kind = Array.isArray(pick) ? pick[1] : kindOf(field);
    return {
      key: typeof pick === 'object' && !Array.isArray(pick) ? pick.key : key,
      title: kind === 'money' ? inYuan(field.title) : field.title,
      kind,
    };
  });
}

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

/** The ledger's declared fields with the server's labels (event types, departments). */
const LEDGER_FIELDS: Record<string, FieldDef> = {
  ...LEDGER_RESOURCE.fields,
  fromDepartId: { ...LEDGER_RESOURCE.fields.fromDepartId, dictTable: departNames },
  toDepartId: { ...LEDGER_RESOURCE.fields.toDepartId, dictTable: departNames },
};

/** Ledger events printed as records of their own: labels and amounts like the asset's ledger page. */
export const ledgerEventDef = rowsDef('bizAssetLedger', {
  type: LEDGER_FIELDS.type!,
  fromDepartId: LEDGER_FIELDS.fromDepartId!,
  toDepartId: LEDGER_FIELDS.toDepartId!,
  amount: LEDGER_FIELDS.amount!,
  netValueBefore: LEDGER_FIELDS.netValueBefore!,
  netValueAfter: LEDGER_FIELDS.netValueAfter!,
});

const ledgerChild: SourceChild = {
  key: 'ledger',
  title: LEDGER_RESOURCE.title,
  parentKey: 'assetId',
  fields: declared(LEDGER_FIELDS, ['eventDate', 'type', 'counterparty', 'amount', 'netValueAfter', 'remark']),
  rowDef: rowsDef('bizAssetLedger', {
    type: LEDGER_FIELDS.type!,
    amount: LEDGER_FIELDS.amount!,
    netValueAfter: LEDGER_FIELDS.netValueAfter!,
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

const USE_FIELDS: Record<string, FieldDef> = TICKET_USE_RESOURCE.fields;

const usesChild: SourceChild = {
  key: 'uses',
  title: TICKET_USE_RESOURCE.title,
  parentKey: 'ticketId',
  fields: declared(USE_FIELDS, ['useDate', 'houseAddress', ['area', 'number'], 'amount', 'seller']),
  rowDef: rowsDef('bizTicketUse', { area: USE_FIELDS.area!, amount: USE_FIELDS.amount! }),
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
    title: ASSET_RESOURCE.title,
    resource: assetResource,
    readPermission: PERM.assetList,
    fields: [
      ...declared(assetResource.fields, [
        'code',
        'name',
        'categoryId',
        'ownerDepartId',
        'custodian',
        'address',
        ['area', 'number'],
        'originalValue',
        'netValue',
        'acquiredDate',
        'status',
        'useNature',
        'certificateNo',
        'remark',
      ]),
      own('mainImage', '主图', 'image', firstImage),
      // Only a published asset has a public page; an unpublished one prints no link.
      own('publicUrl', '公开页面链接', 'url', (row, env) =>
        Number(row.published) === 1 ? `${env.origin}${ASSET_ROUTES.publicDetail}?id=${String(row.id)}` : '',
      ),
      // The card's code for 盘点录入's scanner (which reads the code, or `code=` of a link): every asset has one; a
      // published asset's also opens its public page in an ordinary phone camera.
      own('cardQr', '卡片二维码', 'text', (row, env) => {
        const code = String(row.code ?? '');
        return Number(row.published) === 1
          ? `${env.origin}${ASSET_ROUTES.publicDetail}?id=${String(row.id)}&code=${encodeURIComponent(code)}`
          : code;
      }),
    ],
    children: [ledgerChild],
  },
  ledger: {
    key: 'ledger',
    title: LEDGER_RESOURCE.title,
    // Read through the asset: an event is printable when its asset is readable.
    resource: assetResource,
    readPermission: PERM.assetLedgerList,
    fields: [
      ...declared(assetResource.fields, [
        { key: 'assetCode', from: 'code' },
        { key: 'assetName', from: 'name' },
      ]),
      ...declared(LEDGER_FIELDS, [
        'type',
        'eventDate',
        'fromDepartId',
        'toDepartId',
        'counterparty',
        'amount',
        'netValueBefore',
        'netValueAfter',
        'remark',
      ]),
    ],
    children: [],
  },
  ticket: {
    key: 'ticket',
    title: ticketResource.title,
    resource: ticketResource,
    readPermission: PERM.ticketList,
    // The ID number is masked unless the caller may see whole numbers (the resource's decorate decides).
    fields: declared(ticketResource.fields, [
      'ticketNo',
      'holderName',
      'holderIdCard',
      'holderPhone',
      'projectId',
      'faceAmount',
      'usedAmount',
      'remainingAmount',
      'issueDate',
      'expiryDate',
      'status',
      'remark',
    ]),
    children: [usesChild],
  },
  project: {
    key: 'project',
    title: projectResource.title,
    resource: projectResource,
    readPermission: PERM.projectList,
    fields: declared(projectResource.fields, [
      'code',
      'name',
      'type',
      'leaderId',
      'departId',
      'budget',
      'actualCost',
      'startDate',
      'endDate',
      'progress',
      'status',
      'address',
      'description',
      'remark',
    ]),
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
