import type { CSSProperties } from 'react';
import { Button, Input, Space } from 'antd';
import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';

interface PickerInputProps {
  /** Names shown for the current value. */
  text: string;
  placeholder: string;
  disabled?: boolean;
  onOpen: () => void;
  onClear: () => void;
  id?: string;
  style?: CSSProperties;
  className?: string;
}

/** A read-only input showing the chosen names, a button opening the picker, and a clear icon. */
export function PickerInput({ text, placeholder, disabled, onOpen, onClear, id, style, className }: PickerInputProps) {
  return (
    <Space.Compact style={{ width: '100%', ...style }} className={className}>
      <Input
        id={id}
        readOnly
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        onClick={() => !disabled && onOpen()}
        suffix={
          text && !disabled ? (
            <CloseCircleFilled
              aria-label="清除"
              role="button"
              style={{ color: 'rgba(0,0,0,.25)' }}
              onClick={(e) => {
                e.stopPropagation();
                onClear();
              }}
            />
          ) : (
            <span />
          )
        }
      />
      <Button icon={<SearchOutlined />} disabled={disabled} onClick={onOpen}>
        选择
      </Button>
    </Space.Compact>
  );
}
