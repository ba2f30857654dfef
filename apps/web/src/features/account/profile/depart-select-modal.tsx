import { useEffect, useEffectEvent, useState } from 'react';
import { App, Form, Modal, Select, Spin } from 'antd';
import {
  MODAL_WIDTH,
  MSG,
  SELECT_DEPART_MESSAGES,
  type DepartInfo,
  type PositionInfo,
  type UserInfo,
} from '@district/shared';
import { fetchCurrentUserDeparts, selectDepart } from '../api/auth-api';

interface DepartSelectModalProps {
  open: boolean;
  username: string | null | undefined;
  userInfo: UserInfo | null;
  onClose: () => void;
  /** Receives the new user info; the caller stores it and reloads the page. */
  onSwitched: (userInfo: UserInfo) => void;
}

/** Hidden → shown with the current department and position → confirmed (which clears the selection). */
export function DepartSelectModal({ open, username, userInfo, onClose, onSwitched }: DepartSelectModalProps) {
  const { message } = App.useApp();
  const [loading, setLoading] = useState(false);
  const [ready, setReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [departs, setDeparts] = useState<DepartInfo[]>([]);
  const [positions, setPositions] = useState<PositionInfo[]>([]);
  const [departId, setDepartId] = useState<string | undefined>();
  const [positionId, setPositionId] = useState<string | undefined>();
  const [positionMissing, setPositionMissing] = useState(false);

  // Loads once per opening; the latest user info only seeds the initial choice.
  const load = useEffectEvent((isActive: () => boolean) => {
    setLoading(true);
    setReady(false);
    fetchCurrentUserDeparts()
      .then((res) => {
        if (!isActive()) return;
        const { list = [], orgCode, positions: owned = [], selectPositionId } = res.result ?? {};
        if (list.length === 0) {
          message.warning(MSG.noDeparts);
          onClose();
          return;
        }
        if (owned.length === 0) {
          message.warning(MSG.noPositions);
          onClose();
          return;
        }
        setDeparts(list);
        setPositions(owned);
        const current = list.find((d) => d.orgCode === orgCode) ?? list.find((d) => d.id === userInfo?.selectDepartId);
        setDepartId((current ?? list[0]).id);
        const position = selectPositionId || userInfo?.selectPositionId;
        setPositionId(owned.some((p) => p.id === position) ? position : undefined);
        setPositionMissing(false);
        setReady(true);
      })
      .catch(() => isActive() && onClose())
      .finally(() => isActive() && setLoading(false));
  });

  useEffect(() => {
    if (!open) return;
    let active = true;
    load(() => active);
    return () => {
      active = false;
    };
  }, [open]);

  const clearSelection = () => {
    setDepartId(undefined);
    setPositionId(undefined);
    setPositionMissing(false);
  };

  const confirm = async () => {
    if (!positionId) {
      setPositionMissing(true);
      return;
    }
    if (!departId || !username) return;
    setSubmitting(true);
    try {
      const res = await selectDepart({ username, selectDepartId: departId, selectPositionId: positionId });
      if (!res.success) {
        message.warning(res.message);
        return;
      }
      clearSelection();
      onClose();
      onSwitched(res.result.userInfo);
    } catch {
      // Shown by the request layer.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      title="切换部门"
      width={MODAL_WIDTH.depart}
      open={open && (loading || ready)}
      confirmLoading={submitting}
      okButtonProps={{ disabled: !ready }}
      onOk={() => void confirm()}
      onCancel={() => {
        clearSelection();
        onClose();
      }}
    >
      <Spin spinning={loading}>
        <Form layout="vertical">
          <Form.Item label="部门">
            <Select
              aria-label="部门"
              value={departId}
              onChange={setDepartId}
              options={departs.map((d) => ({ value: d.id, label: d.departName }))}
              placeholder="请选择部门"
            />
          </Form.Item>
          <Form.Item
            label="岗位"
            required
            validateStatus={positionMissing ? 'error' : undefined}
            help={positionMissing ? SELECT_DEPART_MESSAGES.positionRequired : undefined}
          >
            <Select
              aria-label="岗位"
              value={positionId}
              status={positionMissing ? 'error' : undefined}
              onChange={(value: string) => {
                setPositionId(value);
                setPositionMissing(false);
              }}
              options={positions.map((p) => ({ value: p.id, label: p.name }))}
              placeholder="请选择岗位"
              allowClear
              onClear={() => setPositionMissing(true)}
            />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
