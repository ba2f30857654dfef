import { Form, Input } from 'antd';
import { MODAL_WIDTH, USER_RESOURCE as R } from '@district/shared';
import { PasswordFields } from '@/components/password-fields/password-fields';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { resetPassword } from '../api/user-api';
import { USER_PASSWORD_TEXT } from './user-password-text';

export interface UserPasswordModalProps {
  /** The account whose password is reset; null keeps the modal closed. */
  username: string | null;
  onClose: () => void;
}

interface Values {
  password: string;
  confirmpassword: string;
}

const TITLE = '重置密码';

/** 重置密码: an administrator sets a user's password (the user's sessions end on the server). */
export function UserPasswordModal({ username, onClose }: UserPasswordModalProps) {
  return (
    <RecordFormModal<string, Values>
      open={username !== null}
      record={username}
      titles={{ add: TITLE, edit: TITLE }}
      formName="user-password"
      width={MODAL_WIDTH.password}
      wrapperCol={{ span: 16 }}
      save={(values, account) => resetPassword({ username: account!, ...values })}
      onClose={onClose}
      onSaved={onClose}
    >
      <Form.Item label={R.fields.username.title}>
        <Input value={username ?? ''} disabled />
      </Form.Item>
      <PasswordFields {...USER_PASSWORD_TEXT} showRule />
    </RecordFormModal>
  );
}
