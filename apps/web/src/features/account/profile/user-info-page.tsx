import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Card, Col, Descriptions, Form, Input, Row, Space, Table, Tag } from 'antd';
import {
  ACCOUNT_MESSAGES as M,
  formatDatePattern,
  RULES,
  type AccountProfile,
  type AccountSession,
} from '@district/shared';
import { errorMessage } from '@/lib/errors';
import { useSessionStore } from '@/lib/session-store';
import { ChangePasswordModal } from './change-password-modal';
import { ThirdAccountsCard } from '../third-login/third-accounts-card';
import { MyDataCard } from '../my-data/my-data-card';
import { TotpCard } from '../settings/totp-card';
import {
  changePhone,
  fetchProfile,
  fetchSessions,
  saveProfile,
  sendProfileSms,
  signOutOthers,
} from '../api/account-api';
import { SmsCodeButton } from '../components/sms-code-button';

const time = (ms: number) => (ms ? formatDatePattern(ms, 'YYYY-MM-DD HH:mm:ss') : '—');

/** 个人中心: profile, phone with an SMS re-check, password change, open sessions, and a way to one's messages. */
export function UserInfoPage() {
  const { message, modal } = App.useApp();
  const [profile, setProfile] = useState<AccountProfile | null>(null);
  const [sessions, setSessions] = useState<AccountSession[]>([]);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [profileForm] = Form.useForm<{ realname: string; email: string }>();
  const [phoneForm] = Form.useForm<{ mobile: string; smscode: string }>();

  const loadSessions = () => void fetchSessions().then((res) => setSessions(res.result ?? []));

  useEffect(() => {
    void fetchProfile().then((res) => {
      setProfile(res.result);
      profileForm.setFieldsValue({ realname: res.result.realname, email: res.result.email });
    });
    loadSessions();
  }, [profileForm]);

  const save = async (values: { realname: string; email: string }) => {
    setSaving(true);
    try {
      const res = await saveProfile({ realname: values.realname, email: values.email || undefined });
      setProfile(res.result);
      const info = useSessionStore.getState().userInfo;
      if (info) useSessionStore.getState().setUserInfo({ ...info, realname: res.result.realname });
      message.success(res.message);
    } catch (error) {
      message.warning(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const sendCode = async () => {
    try {
      await phoneForm.validateFields(['mobile']);
    } catch {
      return false;
    }
    try {
      const res = await sendProfileSms(phoneForm.getFieldValue('mobile') as string);
      message.success(res.message);
      return true;
    } catch (error) {
      message.warning(errorMessage(error));
      return false;
    }
  };

  const bindPhone = async (values: { mobile: string; smscode: string }) => {
    try {
      const res = await changePhone(values.mobile, values.smscode);
      setProfile(res.result);
      phoneForm.resetFields();
      message.success(res.message);
    } catch (error) {
      message.warning(errorMessage(error));
    }
  };

  // Ending the other sessions signs out every other device at once, so it is confirmed first.
  const endOthers = () =>
    modal.confirm({
      title: '退出其他会话',
      content: `确定退出除当前会话外的其他 ${sessions.length - 1} 个会话吗？其他设备需重新登录。`,
      onOk: async () => {
        try {
          const res = await signOutOthers();
          void message.success(`${res.message}（${res.result.count}个）`);
          loadSessions();
        } catch (error) {
          void message.warning(errorMessage(error));
        }
      },
    });

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title="基本信息">
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label="用户名">{profile?.username}</Descriptions.Item>
            <Descriptions.Item label="手机号">{profile?.phone || '未绑定'}</Descriptions.Item>
          </Descriptions>
          <Form form={profileForm} layout="vertical" onFinish={(v) => void save(v)}>
            <Form.Item label="真实姓名" name="realname" rules={[{ required: true, message: M.realnameRequired }]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item label="电子邮箱" name="email" rules={[...RULES.email]}>
              <Input maxLength={100} />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={saving}>
                保存
              </Button>
              <Button onClick={() => setPasswordOpen(true)}>修改密码</Button>
              <Link to="/isps/userAnnouncement">我的消息</Link>
            </Space>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="更换手机号">
          <Form form={phoneForm} layout="vertical" onFinish={(v) => void bindPhone(v)}>
            <Form.Item label="新手机号" name="mobile" rules={[...RULES.mobile]}>
              <Input maxLength={11} />
            </Form.Item>
            <Form.Item label="短信验证码" required>
              <div style={{ display: 'flex', gap: 8 }}>
                <Form.Item
                  name="smscode"
                  noStyle
                  rules={[
                    { required: true, message: M.smsCodeRequired },
                    { pattern: /^\d{6}$/, message: M.smsCodeFormat },
                  ]}
                >
                  <Input maxLength={6} inputMode="numeric" aria-label="短信验证码" />
                </Form.Item>
                <SmsCodeButton onSend={sendCode} />
              </div>
            </Form.Item>
            <Button type="primary" htmlType="submit">
              更换
            </Button>
          </Form>
        </Card>
      </Col>
      <Col span={24}>
        <TotpCard />
      </Col>
      <Col span={24}>
        <ThirdAccountsCard />
      </Col>
      <Col span={24}>
        <MyDataCard />
      </Col>
      <Col span={24}>
        <Card
          title="登录会话"
          extra={
            <Button danger disabled={sessions.length < 2} onClick={endOthers}>
              退出其他会话
            </Button>
          }
        >
          <Table<AccountSession>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={sessions}
            columns={[
              {
                title: '会话',
                dataIndex: 'id',
                render: (id: string, row) => (
                  <Space>
                    {id.slice(0, 8)}
                    {row.current && <Tag color="green">当前</Tag>}
                  </Space>
                ),
              },
              { title: 'IP', dataIndex: 'ip', render: (v: string) => v || '—' },
              {
                title: '浏览器',
                dataIndex: 'client',
                ellipsis: true,
                // In words like 在线用户; the raw User-Agent stays in the tooltip for whoever needs it.
                render: (v: string | null, row) => <span title={row.userAgent}>{v || row.userAgent || '—'}</span>,
              },
              { title: '登录时间', dataIndex: 'createdAt', render: time },
              { title: '到期时间', dataIndex: 'expiresAt', render: time },
            ]}
          />
        </Card>
      </Col>
      <ChangePasswordModal
        open={passwordOpen}
        username={profile?.username}
        onClose={() => setPasswordOpen(false)}
        onChanged={() => void useSessionStore.getState().logout({ callServer: false })}
      />
    </Row>
  );
}
