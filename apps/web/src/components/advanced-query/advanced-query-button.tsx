import { useState } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import type { SuperQueryCondition, SuperQueryFieldDef, SuperQueryMatchType } from '@district/shared';
import { AdvancedQueryModal } from './advanced-query-modal';

export const ADVANCED_QUERY_BUTTON = '高级查询';
export const ADVANCED_QUERY_ACTIVE = '已有高级查询条件生效';

export interface AdvancedQueryButtonProps {
  fields: readonly SuperQueryFieldDef[];
  saveCode?: string;
  onSearch: (conditions: SuperQueryCondition[], matchType: SuperQueryMatchType) => void;
}

/** The 高级查询 trigger; it shows a filter flag once a query with conditions is applied (widgets-spec §4). */
export function AdvancedQueryButton({ fields, saveCode, onSearch }: AdvancedQueryButtonProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(false);
  const button = (
    <Badge dot={active}>
      <Button
        icon={<FilterOutlined aria-hidden />}
        type={active ? 'primary' : 'default'}
        ghost={active}
        aria-description={active ? ADVANCED_QUERY_ACTIVE : undefined}
        onClick={() => setOpen(true)}
      >
        {ADVANCED_QUERY_BUTTON}
      </Button>
    </Badge>
  );
  return (
    <>
      {active ? <Tooltip title={ADVANCED_QUERY_ACTIVE}>{button}</Tooltip> : button}
      <AdvancedQueryModal
        open={open}
        fields={fields}
        saveCode={saveCode}
        onClose={() => setOpen(false)}
        onSearch={(conditions, matchType) => {
          setActive(conditions.length > 0);
          onSearch(conditions, matchType);
        }}
      />
    </>
  );
}
