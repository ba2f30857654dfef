import { useState, type CSSProperties } from 'react';
import { splitValue } from '@/components/dict/dict-api';
import { DepartSelectModal } from './depart-select-modal';
import { PickerInput } from './picker-input';
import { DEPART_NAME_DICT } from './picker-api';
import { usePickedNames } from './use-picked-names';

export interface DepartSelectProps {
  /** Department ids joined with commas. */
  value?: string | null;
  /** Emits the picked ids joined with commas; undefined once cleared. */
  onChange?: (value: string | undefined, names: string[]) => void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  modalWidth?: number;
  id?: string;
  style?: CSSProperties;
  className?: string;
}

/** An input showing the picked departments' names; the button opens the department tree. */
export function DepartSelect({
  value,
  onChange,
  multiple = false,
  placeholder = '请点击选择部门',
  disabled,
  modalWidth,
  id,
  style,
  className,
}: DepartSelectProps) {
  const [open, setOpen] = useState(false);
  const ids = splitValue(value);
  const { names, remember } = usePickedNames(DEPART_NAME_DICT, ids);
  return (
    <>
      <PickerInput
        id={id}
        style={style}
        className={className}
        text={names.join(',')}
        placeholder={placeholder}
        disabled={disabled}
        onOpen={() => setOpen(true)}
        onClear={() => onChange?.(undefined, [])}
      />
      <DepartSelectModal
        open={open}
        multiple={multiple}
        value={ids}
        width={modalWidth}
        onCancel={() => setOpen(false)}
        onOk={(pick) => {
          remember(pick.ids.map((d, i) => [d, pick.names[i] ?? d]));
          setOpen(false);
          onChange?.(pick.ids.length ? pick.ids.join(',') : undefined, pick.names);
        }}
      />
    </>
  );
}
