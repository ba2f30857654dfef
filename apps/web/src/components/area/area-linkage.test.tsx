import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/react';
import { renderWithApp } from '@/test/render';
import { getAreaChildren, getAreaOptions, getAreaPath, getAreaText } from './area-data';
import { AreaLinkage, areaLinkageType } from './area-linkage';

/** Opens an antd select-like control and clicks the option with the given title. */
async function pick(trigger: Element, title: string) {
  fireEvent.mouseDown(trigger);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll(`[title="${title}"]`)].find(
      (el) => el.closest('.ant-select-dropdown, .ant-cascader-dropdown') !== null,
    );
    if (!found) throw new Error(`option ${title} not shown`);
    return found;
  });
  fireEvent.click(option);
}

describe('region data', () => {
  it('has the provinces under root 86 and three levels below them', () => {
    const provinces = getAreaChildren('86');
    expect(provinces[0]).toEqual({ value: '110000', label: '北京市' });
    expect(provinces.length).toBeGreaterThanOrEqual(34);
    const beijing = getAreaOptions()[0]!;
    expect(beijing.children?.[0]?.children?.[0]).toEqual({ value: '110101', label: '东城区' });
  });

  it('gives the path and the text of a code', () => {
    expect(getAreaPath('110101')).toEqual(['110000', '110100', '110101']);
    expect(getAreaText('110101')).toBe('北京市/市辖区/东城区');
    expect(getAreaText('330100', ' ')).toBe('浙江省 杭州市');
    expect(getAreaText('110000')).toBe('北京市');
    expect(getAreaText('999999')).toBe('');
    expect(getAreaText(undefined)).toBe('');
  });
});

describe('area linkage', () => {
  it('accepts cascader or select and falls back to cascader for any other type', () => {
    expect(areaLinkageType('select')).toBe('select');
    expect(areaLinkageType('cascader')).toBe('cascader');
    expect(areaLinkageType('tree')).toBe('cascader');
    expect(areaLinkageType(undefined)).toBe('cascader');
    const { container } = renderWithApp(<AreaLinkage type="tree" />);
    expect(container.querySelector('.ant-cascader')).not.toBeNull();
    expect(container.querySelector('.area-linkage-select')).toBeNull();
  });

  it('shows a stored area code as its names in the cascader', () => {
    const { container } = renderWithApp(<AreaLinkage value="110101" />);
    expect(container.querySelector('.ant-cascader')).toHaveTextContent('北京市 / 市辖区 / 东城区');
  });

  it('picks province, city and area in the cascader and hands over the area code', async () => {
    const onChange = vi.fn();
    const { container } = renderWithApp(<AreaLinkage onChange={onChange} />);
    const trigger = container.querySelector('.ant-select')!;
    await pick(trigger, '北京市');
    await pick(trigger, '市辖区');
    await pick(trigger, '东城区');
    expect(onChange).toHaveBeenLastCalledWith('110101');
    await waitFor(() => expect(container.querySelector('.ant-cascader')).toHaveTextContent('北京市 / 市辖区 / 东城区'));
  });

  it('links three selects in select mode: each level lists the children of the one above', async () => {
    const changes: (string | undefined)[] = [];
    function Host() {
      const [code, setCode] = useState<string | undefined>();
      return (
        <AreaLinkage
          type="select"
          value={code}
          onChange={(next) => {
            changes.push(next);
            setCode(next);
          }}
        />
      );
    }
    const { container } = renderWithApp(<Host />);
    const selects = () => [...container.querySelectorAll('.area-linkage-select .ant-select')];
    expect(selects()).toHaveLength(3);
    // City and area wait for the level above.
    expect(selects()[1]).toHaveClass('ant-select-disabled');
    expect(selects()[2]).toHaveClass('ant-select-disabled');
    await pick(selects()[0]!, '北京市');
    await waitFor(() => expect(selects()[1]).not.toHaveClass('ant-select-disabled'));
    await pick(selects()[1]!, '市辖区');
    await waitFor(() => expect(selects()[2]).not.toHaveClass('ant-select-disabled'));
    await pick(selects()[2]!, '东城区');
    expect(changes).toEqual(['110000', '110100', '110101']);
    expect(container.querySelector('.area-linkage-select')).toHaveTextContent('北京市市辖区东城区');
  });

  it('back-fills all three selects from a stored code', () => {
    const { container } = renderWithApp(<AreaLinkage type="select" value="330106" />);
    expect(container.querySelector('.area-linkage-select')).toHaveTextContent('浙江省杭州市西湖区');
  });
});
