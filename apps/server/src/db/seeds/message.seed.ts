import { ANNT_STATUS, ANNT_TARGET, GUEST_CREDENTIALS, IOT_ROUTES, MESSAGE_ROUTES, PERM } from '@district/shared';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { newId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import type { Database } from '../schema.js';
import type { MenuSeed } from './reference.seed.js';
import { seedId } from './seed-id.js';
import { hashDeviceKey } from '../../lib/device-key.js';

/*
 * Messaging (issue 12): 消息管理 (announcements, administrators) and 我的消息 (every signed-in staff member,
 * opened from the bell's 查看更多, so not a side-menu entry).
 */
export const MESSAGE_MENU: MenuSeed = {
  key: 'message',
  name: '消息管理',
  url: '/message',
  component: 'layouts/RouteView',
  icon: 'notification',
  redirect: MESSAGE_ROUTES.announcement,
  roles: [],
  children: [
    {
      key: 'message-announcement',
      name: '通告管理',
      url: MESSAGE_ROUTES.announcement,
      component: 'message/AnnouncementList',
      roles: [],
      buttons: [
        { code: PERM.anntList, name: '通告查询' },
        { code: PERM.anntAdd, name: '新建通告' },
        { code: PERM.anntEdit, name: '编辑通告' },
        { code: PERM.anntDelete, name: '删除通告' },
        { code: PERM.anntRelease, name: '发布/撤销通告' },
      ],
    },
    {
      key: 'message-template',
      name: '消息模板',
      url: MESSAGE_ROUTES.template,
      component: 'message/TemplateList',
      roles: [],
      buttons: [
        { code: PERM.templateList, name: '消息模板查询' },
        { code: PERM.templateAdd, name: '新建消息模板' },
        { code: PERM.templateEdit, name: '编辑消息模板' },
        { code: PERM.templateDelete, name: '删除消息模板' },
        { code: PERM.templateTest, name: '发送测试' },
        { code: PERM.mailSettings, name: '邮件服务器设置' },
      ],
    },
    {
      key: 'message-record',
      name: '消息记录',
      url: MESSAGE_ROUTES.record,
      component: 'message/MessageList',
      roles: [],
      buttons: [
        { code: PERM.messageList, name: '消息记录查询' },
        { code: PERM.messageDelete, name: '删除消息记录' },
        { code: PERM.messageResend, name: '重新发送' },
      ],
    },
  ],
};

/** IoT (设备与告警): administrators; the alarms are also shown on the asset map and by the header's indicator. */
export const IOT_MENU: MenuSeed = {
  key: 'iot',
  name: '物联网',
  url: '/iot',
  component: 'layouts/RouteView',
  icon: 'api',
  redirect: IOT_ROUTES.device,
  roles: [],
  children: [
    {
      key: 'iot-device',
      name: '设备管理',
      url: IOT_ROUTES.device,
      component: 'iot/DeviceList',
      roles: [],
      buttons: [
        { code: PERM.deviceList, name: '设备查询' },
        { code: PERM.deviceAdd, name: '新增设备' },
        { code: PERM.deviceEdit, name: '编辑设备' },
        { code: PERM.deviceDelete, name: '删除设备' },
        { code: PERM.deviceKey, name: '生成设备密钥' },
      ],
    },
    {
      key: 'iot-alarm',
      name: '设备告警',
      url: IOT_ROUTES.alarm,
      component: 'iot/AlarmList',
      roles: [],
      buttons: [
        { code: PERM.alarmList, name: '告警查询' },
        { code: PERM.alarmHandle, name: '确认/处理告警' },
      ],
    },
  ],
};

export const USER_ANNOUNCEMENT_MENU = (roles: string[]): MenuSeed => ({
  key: 'isps-user-announcement',
  name: '我的消息',
  url: MESSAGE_ROUTES.userAnnouncement,
  component: 'message/UserAnnouncement',
  icon: 'mail',
  hidden: true,
  roles,
});

/**
 * The demo device's alarm key (SEED_DEMO only; docs/configuration.md names it): devices posting to POST /iot/alarm
 * in a demonstration use it. Real devices get a random key from 生成设备密钥, shown once.
 */
export const DEMO_DEVICE = { deviceId: 'DEMO-SMOKE-01', key: 'demo-device-key-2026' } as const;

/**
 * Demo data (with SEED_DEMO): one released notice to everyone of the first tenant, one draft, two message
 * templates and the demo smoke detector in 锦江区.
 */
export async function seedDemoMessages(db: Kysely<Database>): Promise<void> {
  const released = seedId('annt:welcome');
  if (await db.selectFrom('sysAnnouncement').select('id').where('id', '=', released).executeTakeFirst()) return;
  const now = formatDateTime();
  // Another instance starting at the same moment may insert the same rows: each insert stands alone and a
  // clash with them is no error.
  const once = async (insert: () => Promise<unknown>) => {
    try {
      await insert();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  };
  await once(() =>
    db
      .insertInto('sysMessageTemplate')
      .values([
        {
          id: seedId('template:asset_due'),
          templateCode: 'asset_due',
          templateName: '资产 ${code} 到期提醒',
          templateType: '2',
          templateContent: '<p>${name}，您好：资产 ${code} 将于 ${date} 到期，请及时处理。</p>',
          templateTestJson: '{"name":"张三","code":"ZC-0001","date":"2026-12-31"}',
          tenantId: 1001,
          createBy: 'admin',
          createTime: now,
          updateBy: null,
          updateTime: null,
        },
        {
          id: seedId('template:sys_notice'),
          templateCode: 'sys_notice',
          templateName: '系统通知',
          templateType: '1',
          templateContent: '<p>${name}，您有一条新的待办：${task}</p>',
          templateTestJson: '{"name":"张三","task":"核对资产台账"}',
          tenantId: 1001,
          createBy: 'admin',
          createTime: now,
          updateBy: null,
          updateTime: null,
        },
      ])
      .execute(),
  );
  await once(() =>
    db
      .insertInto('iotDevice')
      .values({
        id: seedId('device:demo-smoke'),
        deviceId: DEMO_DEVICE.deviceId,
        parentId: null,
        deviceName: '锦江区政务中心烟感',
        type: 'smoke',
        assetId: null,
        location: '红星路三段1号 三层',
        longitude: 104.0836,
        latitude: 30.6526,
        onlineStatus: 0,
        lastSeenTime: null,
        keyHash: hashDeviceKey(DEMO_DEVICE.key),
        remark: '演示设备',
        tenantId: 1001,
        delFlag: 0,
        createBy: 'admin',
        createTime: now,
        updateBy: null,
        updateTime: null,
      })
      .execute(),
  );
  const base = {
    msgAbstract: null,
    startTime: null,
    endTime: null,
    userIds: null,
    departIds: null,
    roleIds: null,
    cancelTime: null,
    busType: null,
    busId: null,
    tenantId: 1001,
    delFlag: 0,
    createBy: 'admin',
    createTime: now,
    updateBy: null,
    updateTime: null,
  };
  await once(() =>
    db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sysAnnouncement')
        .values([
          {
            ...base,
            id: released,
            titile: '欢迎使用区域资产资源管理与发布平台',
            msgContent: '<p>平台已上线，请各科室及时核对本部门资产台账。</p>',
            sender: '系统管理员',
            priority: 'M',
            msgCategory: '1',
            msgType: ANNT_TARGET.all,
            sendStatus: ANNT_STATUS.released,
            sendTime: now,
            openType: 'url',
            openPage: '/dashboard/analysis',
          },
          {
            ...base,
            id: seedId('annt:draft'),
            titile: '关于开展年度资产清查工作的通知（草稿）',
            msgContent: '<p>请各单位于本月底前完成资产清查。</p>',
            sender: null,
            priority: 'H',
            msgCategory: '1',
            msgType: ANNT_TARGET.all,
            sendStatus: ANNT_STATUS.draft,
            sendTime: null,
            openType: null,
            openPage: null,
          },
        ])
        .execute();
      const users = await trx
        .selectFrom('sysUserTenant as ut')
        .innerJoin('sysUser as u', 'u.id', 'ut.userId')
        .select('u.id')
        .where('ut.tenantId', '=', 1001)
        .where('u.username', '!=', GUEST_CREDENTIALS.username)
        .execute();
      if (users.length) {
        await trx
          .insertInto('sysAnnouncementSend')
          .values(
            users.map((u) => ({
              id: newId(),
              anntId: released,
              userId: u.id,
              readFlag: 0,
              readTime: null,
              createTime: now,
            })),
          )
          .execute();
      }
    }),
  );
}
