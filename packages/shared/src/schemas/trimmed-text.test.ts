import { describe, expect, it } from 'vitest';
import { DATA_SOURCE_MESSAGES, GATEWAY_MESSAGES } from '../ops.js';
import { IOT_MESSAGES } from '../iot.js';
import { TEMPLATE_MESSAGES } from '../message.js';
import { deviceCreateSchema, templateCreateSchema } from './message.schema.js';
import { dataSourceCreateSchema, gatewayCreateSchema } from './ops.schema.js';

/** The first message a schema answers for one field (the server answers the first issue). */
const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

const source = { code: 'report_db', name: '报表库', dbType: 'postgres', host: 'db.example.com', databaseName: 'r' };
const template = { templateCode: 'asset_due', templateName: '到期提醒', templateType: '1', templateContent: 'x' };

describe('codes checked by their descriptor rules (trimmedText)', () => {
  it('trims before checking and stores the trimmed code', () => {
    expect(dataSourceCreateSchema.parse({ ...source, code: '  report_db ' }).code).toBe('report_db');
    expect(templateCreateSchema.parse({ ...template, templateCode: ' asset_due ' }).templateCode).toBe('asset_due');
    expect(deviceCreateSchema.parse({ deviceId: ' d-1 ', deviceName: '烟感' }).deviceId).toBe('d-1');
  });

  it('answers the messages the schemas answered before, in their order', () => {
    const ds = (code: unknown) => first(dataSourceCreateSchema.safeParse({ ...source, code }));
    expect(ds('   ')).toBe(DATA_SOURCE_MESSAGES.codeRequired);
    expect(ds(undefined)).toBe(DATA_SOURCE_MESSAGES.codeRequired);
    expect(ds('1bad')).toBe(DATA_SOURCE_MESSAGES.codeInvalid);
    expect(ds(`a${'b'.repeat(50)}`)).toBe('数据源编码最多50个字符');
    expect(ds(`1${'b'.repeat(50)}`)).toBe('数据源编码最多50个字符');

    const tpl = (templateCode: unknown) => first(templateCreateSchema.safeParse({ ...template, templateCode }));
    expect(tpl('')).toBe(TEMPLATE_MESSAGES.codeRequired);
    expect(tpl('a b')).toBe(TEMPLATE_MESSAGES.codeFormat);

    const dev = (deviceId: unknown) => first(deviceCreateSchema.safeParse({ deviceId, deviceName: '烟感' }));
    expect(dev(7)).toBe(IOT_MESSAGES.deviceIdRequired);
    expect(dev('设备')).toBe(IOT_MESSAGES.deviceIdFormat);

    const route = { routeId: 'orders', name: '订单', uri: 'https://api.example.com' };
    const gw = (over: object) => first(gatewayCreateSchema.safeParse({ ...route, ...over }));
    expect(gw({ routeId: '' })).toBe(GATEWAY_MESSAGES.routeIdInvalid);
    expect(gw({ routeId: 'Bad_ID' })).toBe(GATEWAY_MESSAGES.routeIdInvalid);
    expect(gw({ uri: ' ' })).toBe(GATEWAY_MESSAGES.uriInvalid);
    expect(gw({ uri: 'ftp://x' })).toBe(GATEWAY_MESSAGES.uriInvalid);
    expect(gw({ routeId: ' orders ' })).toBeNull();
  });

  it('leaves an optional trimmed text optional', () => {
    expect(dataSourceCreateSchema.parse({ ...source, username: ' reader ' }).username).toBe('reader');
    expect(dataSourceCreateSchema.parse({ ...source, username: null }).username).toBeNull();
    expect(first(dataSourceCreateSchema.safeParse({ ...source, username: 'u'.repeat(101) }))).toBe(
      '用户名最多100个字符',
    );
  });
});
