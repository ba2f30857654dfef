import { PERM, PRINT_ROUTES, ROLE, type PrintElement, type PrintLayout } from '@district/shared';
import type { Kysely } from 'kysely';
import { formatDateTime } from '../../lib/time.js';
import type { Database } from '../schema.js';
import type { MenuSeed } from './reference.seed.js';
import { seedId } from './seed-id.js';

/*
 * Print design (issue 11): the 打印设计 menu and the two templates shipped for every tenant (tenant_id null):
 * a room ticket and an asset card. Elements carry only what differs from pdfme's defaults; the web completes
 * them with each element type's default properties before designing or printing.
 */

const ASSET_OFFICE = ROLE.assetOffice;

export const PRINT_MENU: MenuSeed = {
  key: 'print',
  name: '打印设计',
  url: '/print',
  component: 'layouts/RouteView',
  icon: 'printer',
  redirect: PRINT_ROUTES.list,
  sort: 9,
  roles: [ASSET_OFFICE],
  children: [
    {
      key: 'print-template',
      name: '打印模板',
      url: PRINT_ROUTES.list,
      component: 'print/PrintTemplateList',
      icon: 'file-text',
      roles: [ASSET_OFFICE],
      buttons: [
        { code: PERM.printTemplateList, name: '打印模板查询' },
        { code: PERM.printTemplateAdd, name: '新建打印模板', roles: [] },
        { code: PERM.printTemplateEdit, name: '设计打印模板', roles: [] },
        { code: PERM.printTemplateDelete, name: '删除打印模板', roles: [] },
        { code: PERM.printPrint, name: '打印' },
      ],
    },
    {
      // Opened from the list with ?id, so not a menu entry of its own.
      key: 'print-designer',
      name: '模板设计',
      url: PRINT_ROUTES.designer,
      component: 'print/PrintDesigner',
      hidden: true,
      roles: [],
    },
  ],
};

type Box = [x: number, y: number, width: number, height: number];

const at = ([x, y, width, height]: Box) => ({ position: { x, y }, width, height });

/** A fixed label. */
const label = (name: string, content: string, box: Box, extra: Record<string, unknown> = {}): PrintElement => ({
  name,
  type: 'text',
  content,
  readOnly: true,
  ...at(box),
  fontSize: 11,
  verticalAlignment: 'middle',
  ...extra,
});

/** A text filled from the record: its name is the binding (`field` or `field:format`). */
const bound = (name: string, sample: string, box: Box, extra: Record<string, unknown> = {}): PrintElement => ({
  name,
  type: 'text',
  content: sample,
  ...at(box),
  fontSize: 11,
  verticalAlignment: 'middle',
  ...extra,
});

/** A5 landscape: 210 × 148 mm. */
const ticketLayout: PrintLayout = {
  schemas: [
    [
      {
        name: 'frame',
        type: 'rectangle',
        readOnly: true,
        ...at([8, 8, 194, 132]),
        borderWidth: 0.6,
        borderColor: '#8c1d1d',
        color: '',
      },
      label('title', '房 票', [8, 14, 194, 14], { fontSize: 24, alignment: 'center', fontColor: '#8c1d1d' }),
      { name: 'rule', type: 'line', readOnly: true, ...at([20, 32, 170, 0.4]), color: '#8c1d1d' },
      label('ticketNoLabel', '房票编号：', [20, 38, 28, 9]),
      bound('ticketNo', 'FP202611250001', [48, 38, 80, 9]),
      label('holderLabel', '持 票 人：', [20, 49, 28, 9]),
      bound('holderName', '张三', [48, 49, 80, 9]),
      label('idCardLabel', '身份证号：', [20, 60, 28, 9]),
      bound('holderIdCard', '510104********1234', [48, 60, 80, 9]),
      label('projectLabel', '安置项目：', [20, 71, 28, 9]),
      bound('projectId', '安置项目', [48, 71, 100, 9]),
      label('amountLabel', '票面金额：', [20, 82, 28, 9]),
      bound('faceAmount', '12,000.00', [48, 82, 40, 9]),
      label('yuan', '元', [88, 82, 8, 9]),
      label('capitalLabel', '金额大写：', [20, 93, 28, 9]),
      bound('faceAmount:capital', '壹万贰仟元整', [48, 93, 110, 9], { fontSize: 12 }),
      label('issueLabel', '发放日期：', [20, 104, 28, 9]),
      bound('issueDate:cn', '2026年11月25日', [48, 104, 50, 9]),
      label('expiryLabel', '有效期至：', [100, 104, 28, 9]),
      bound('expiryDate:cn', '2027年11月25日', [128, 104, 50, 9]),
      label('statusLabel', '状　　态：', [20, 115, 28, 9]),
      bound('status', '已发放', [48, 115, 40, 9]),
      { name: 'ticketNo#qr', type: 'qrcode', content: 'FP202611250001', ...at([160, 38, 32, 32]) },
      label('qrHint', '扫码核验房票编号', [152, 71, 48, 6], { fontSize: 8, alignment: 'center' }),
      label('seal', '（盖章）', [150, 118, 40, 9], { alignment: 'right' }),
    ],
  ],
};

/** Custom 100 × 70 mm label. */
const assetCardLayout: PrintLayout = {
  schemas: [
    [
      {
        name: 'frame',
        type: 'rectangle',
        readOnly: true,
        ...at([2, 2, 96, 66]),
        borderWidth: 0.4,
        borderColor: '#1f4e79',
        color: '',
      },
      label('title', '固定资产卡片', [2, 4, 96, 8], { fontSize: 14, alignment: 'center', fontColor: '#1f4e79' }),
      { name: 'rule', type: 'line', readOnly: true, ...at([6, 13, 88, 0.3]), color: '#1f4e79' },
      label('codeLabel', '资产编号', [5, 15, 15, 6], { fontSize: 8 }),
      bound('code', 'ZC-000001', [20, 15, 42, 6], { fontSize: 8 }),
      label('nameLabel', '资产名称', [5, 22, 15, 6], { fontSize: 8 }),
      bound('name', '资产名称', [20, 22, 42, 6], { fontSize: 8 }),
      label('categoryLabel', '资产分类', [5, 29, 15, 6], { fontSize: 8 }),
      bound('categoryId', '房屋', [20, 29, 42, 6], { fontSize: 8 }),
      label('departLabel', '所属部门', [5, 36, 15, 6], { fontSize: 8 }),
      bound('ownerDepartId', '资产管理科', [20, 36, 42, 6], { fontSize: 8 }),
      label('addressLabel', '地　　址', [5, 43, 15, 6], { fontSize: 8 }),
      bound('address', '成都市锦江区', [20, 43, 74, 10], { fontSize: 8, verticalAlignment: 'top' }),
      { name: 'mainImage', type: 'image', content: '', ...at([64, 15, 30, 27]) },
      { name: 'cardQr', type: 'qrcode', content: 'ZC-000001', ...at([78, 52, 14, 14]) },
      label('qrHint', '扫码盘点', [46, 58, 30, 6], { fontSize: 7, alignment: 'right' }),
    ],
  ],
};

export const SHIPPED_TEMPLATES = [
  {
    code: 'room_ticket',
    name: '房票',
    source: 'ticket',
    paper: 'A5',
    orientation: 'landscape',
    widthMm: 210,
    heightMm: 148,
    layout: ticketLayout,
    remark: '系统内置：金额大写与房票编号二维码',
  },
  {
    code: 'asset_card',
    name: '资产卡片',
    source: 'asset',
    paper: 'custom',
    orientation: 'landscape',
    widthMm: 100,
    heightMm: 70,
    layout: assetCardLayout,
    remark: '系统内置：已发布资产的二维码链接到其公开页面',
  },
] as const;

/** Inserts the shipped templates when missing (never overwrites: they are read-only in the product anyway). */
export async function seedPrintTemplates(db: Kysely<Database>): Promise<void> {
  const now = formatDateTime();
  for (const t of SHIPPED_TEMPLATES) {
    const id = seedId(`print-template:${t.code}`);
    const exists = await db.selectFrom('bizPrintTemplate').select('id').where('id', '=', id).executeTakeFirst();
    if (exists) continue;
    await db
      .insertInto('bizPrintTemplate')
      .values({
        id,
        code: t.code,
        name: t.name,
        source: t.source,
        paper: t.paper,
        orientation: t.orientation,
        widthMm: t.widthMm,
        heightMm: t.heightMm,
        layout: JSON.stringify(t.layout),
        remark: t.remark,
        tenantId: null,
        createBy: 'system',
        createTime: now,
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
}
