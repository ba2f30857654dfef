import { Checkbox, Form, Typography } from 'antd';
import { PRIVACY_MESSAGES, PRIVACY_NOTICE } from '@district/shared';

/**
 * 个人信息保护告知 on the register form (issue 24 item 12): the text of the shared contract, shown in full, and the
 * checkbox the registration needs (the server refuses it too, and records the accepted version).
 */
export function PrivacyNoticeField() {
  return (
    <>
      <section
        aria-label={PRIVACY_NOTICE.title}
        style={{
          maxHeight: 160,
          overflowY: 'auto',
          padding: '8px 12px',
          marginBottom: 8,
          border: '1px solid #f0f0f0',
          borderRadius: 6,
          background: '#fafafa',
          fontSize: 12,
        }}
      >
        <Typography.Text strong>{PRIVACY_NOTICE.title}</Typography.Text>
        {PRIVACY_NOTICE.paragraphs.map((p) => (
          <p key={p} style={{ margin: '4px 0' }}>
            {p}
          </p>
        ))}
      </section>
      <Form.Item
        name="privacyAccepted"
        valuePropName="checked"
        rules={[
          {
            validator: async (_rule, value: boolean | undefined) => {
              if (value !== true) throw new Error(PRIVACY_MESSAGES.noticeRequired);
            },
          },
        ]}
      >
        <Checkbox>{PRIVACY_NOTICE.acceptLabel}</Checkbox>
      </Form.Item>
    </>
  );
}
