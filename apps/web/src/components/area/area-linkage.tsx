import { useMemo, useState, type CSSProperties } from 'react';
import { Cascader, Select, Space } from 'antd';
import { AREA_ROOT_CODE, getAreaChildren, getAreaOptions, getAreaPath, type AreaOption } from './area-data';

export type AreaLinkageType = 'cascader' | 'select';

export interface AreaLinkageProps {
  /** The area code (the deepest level chosen). */
  value?: string | null;
  onChange?: (code: string | undefined) => void;
  /** cascader (default) or three linked selects; anything else falls back to cascader (widgets-spec §5). */
  type?: AreaLinkageType | string;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: CSSProperties;
  id?: string;
}

/** The linkage type to render: cascader or select, anything else falls back to cascader. */
export function areaLinkageType(type: string | undefined): AreaLinkageType {
  return type === 'select' ? 'select' : 'cascader';
}

const LEVEL_PLACEHOLDERS = ['请选择省', '请选择市', '请选择区'] as const;

/** Province/city/area picker over china-area-data; the value is one area code. */
export function AreaLinkage(props: AreaLinkageProps) {
  const { onChange, type, placeholder = '请选择省市区', disabled, allowClear = true, style, id } = props;
  // Controlled when the caller (or a Form.Item) passes value, else it keeps its own choice.
  const controlled = Object.hasOwn(props, 'value');
  const [inner, setInner] = useState<string | undefined>(undefined);
  const code = (controlled ? props.value : inner) ?? undefined;
  const path = useMemo(() => getAreaPath(code), [code]);

  const change = (next: string | undefined) => {
    if (!controlled) setInner(next);
    onChange?.(next);
  };

  if (areaLinkageType(type) === 'select') {
    const levels = [AREA_ROOT_CODE, path[0], path[1]];
    return (
      <Space.Compact style={{ width: '100%', ...style }} id={id} className="area-linkage area-linkage-select">
        {levels.map((parent, level) => {
          const options = parent ? getAreaChildren(parent) : [];
          return (
            <Select
              key={level}
              aria-label={LEVEL_PLACEHOLDERS[level]}
              style={{ flex: 1, minWidth: 0 }}
              placeholder={LEVEL_PLACEHOLDERS[level]}
              disabled={disabled || (level > 0 && options.length === 0)}
              allowClear={allowClear}
              showSearch={{ optionFilterProp: 'label' }}
              options={options}
              value={path[level]}
              // Choosing a level clears the levels below it; clearing it goes back to its parent.
              onChange={(next: string | undefined) => change(next ?? (level > 0 ? path[level - 1] : undefined))}
            />
          );
        })}
      </Space.Compact>
    );
  }

  return (
    <Cascader<AreaOption>
      id={id}
      className="area-linkage area-linkage-cascader"
      style={{ width: '100%', ...style }}
      options={getAreaOptions()}
      value={path.length ? path : undefined}
      placeholder={placeholder}
      disabled={disabled}
      allowClear={allowClear}
      showSearch={{
        filter: (input, options) => options.some((o) => String(o.label).includes(input)),
      }}
      onChange={(next) => change(next && next.length ? String(next[next.length - 1]) : undefined)}
    />
  );
}
