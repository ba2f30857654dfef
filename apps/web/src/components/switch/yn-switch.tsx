import { Switch } from 'antd';
import { YN, type YnValue } from '@district/shared';

export interface YnSwitchProps {
  /** 'Y' on, 'N' (or empty) off. */
  value?: YnValue | string | null;
  onChange?: (value: YnValue) => void;
  disabled?: boolean;
  checkedChildren?: string;
  unCheckedChildren?: string;
}

/** A switch that stores Y / N, for yes/no fields kept as text. */
export function YnSwitch({
  value,
  onChange,
  disabled,
  checkedChildren = '是',
  unCheckedChildren = '否',
}: YnSwitchProps) {
  return (
    <Switch
      checked={value === YN.yes}
      disabled={disabled}
      checkedChildren={checkedChildren}
      unCheckedChildren={unCheckedChildren}
      onChange={(checked) => onChange?.(checked ? YN.yes : YN.no)}
    />
  );
}
