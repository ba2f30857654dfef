import { useState } from 'react';
import { Modal, Select } from 'antd';
import type { TenantInfo } from '@district/shared';

interface TenantSelectModalProps {
  tenants: TenantInfo[];
  /** Preselected when it is one of `tenants` (the tenant chosen last time). */
  defaultId?: number;
  onConfirm: (tenantId: number) => void;
}

/** Shown after login when the user belongs to several tenants; the last choice (else the first) is preselected. */
export function TenantSelectModal({ tenants, defaultId, onConfirm }: TenantSelectModalProps) {
  const [tenantId, setTenantId] = useState<number | undefined>(
    tenants.find((t) => t.id === defaultId)?.id ?? tenants[0]?.id,
  );
  return (
    <Modal
      title="请选择登录租户"
      open
      closable={false}
      mask={{ closable: false }}
      cancelButtonProps={{ style: { display: 'none' } }}
      okButtonProps={{ disabled: tenantId === undefined }}
      onOk={() => tenantId !== undefined && onConfirm(tenantId)}
    >
      <Select
        aria-label="租户"
        style={{ width: '100%' }}
        value={tenantId}
        onChange={setTenantId}
        options={tenants.map((tenant) => ({ value: tenant.id, label: tenant.name }))}
      />
    </Modal>
  );
}
