import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Input, Row, Space, Table, type TableColumnsType } from 'antd';
import { PICKER_PAGE, USER_RESOURCE as U, type AddressBookRecord, type DepartTreeNode } from '@district/shared';
import { DepartTreeCard } from '../../depart/components/depart-tree-card';
import { fetchAddressBook } from '../api/address-book-api';

export const ADDRESS_BOOK_TEXT = {
  title: (name: string | null) => (name ? `通讯录：${name}` : '通讯录：全部人员'),
  realname: '姓名',
  workNo: U.fields.workNo.title,
  search: '查询',
  reset: '重置',
} as const;

const COLUMNS: TableColumnsType<AddressBookRecord> = [
  { title: '姓名', dataIndex: 'realname', width: 110 },
  { title: U.fields.username.title, dataIndex: 'username', width: 120 },
  { title: U.fields.workNo.title, dataIndex: 'workNo', width: 100 },
  { title: U.fields.phone.title, dataIndex: 'phone', width: 130 },
  { title: U.fields.email.title, dataIndex: 'email', ellipsis: true },
  { title: '职务', dataIndex: 'positionNames', ellipsis: true },
  { title: '部门', dataIndex: 'departNames', ellipsis: true },
];

/** 通讯录: the department tree, and the people of the chosen department and its sub-departments. */
export function AddressBookPage() {
  const [depart, setDepart] = useState<DepartTreeNode | null>(null);
  const [typed, setTyped] = useState({ realname: '', workNo: '' });
  const [filters, setFilters] = useState({ realname: '', workNo: '' });
  const [page, setPage] = useState({ current: 1, pageSize: PICKER_PAGE.pageSize });
  const params = {
    pageNo: page.current,
    pageSize: page.pageSize,
    ...(depart ? { orgCode: depart.orgCode } : {}),
    ...(filters.realname.trim() ? { realname: filters.realname.trim() } : {}),
    ...(filters.workNo.trim() ? { workNo: filters.workNo.trim() } : {}),
  };
  // A failure is shown by the request layer; the page shown stays.
  const people = useQuery({
    queryKey: ['system', 'address-book', params],
    queryFn: () => fetchAddressBook(params),
    placeholderData: keepPreviousData,
  });

  return (
    <Row gutter={12}>
      <Col xs={24} md={6}>
        <DepartTreeCard
          selectedId={depart?.id ?? null}
          onSelect={(node) => {
            setDepart(node);
            setPage((p) => ({ ...p, current: 1 }));
          }}
        />
      </Col>
      <Col xs={24} md={18}>
        <Card size="small" title={ADDRESS_BOOK_TEXT.title(depart?.departName ?? null)}>
          <Space wrap style={{ marginBottom: 12 }}>
            <Input
              placeholder={ADDRESS_BOOK_TEXT.realname}
              aria-label={ADDRESS_BOOK_TEXT.realname}
              value={typed.realname}
              onChange={(e) => setTyped((t) => ({ ...t, realname: e.target.value }))}
              style={{ width: 160 }}
            />
            <Input
              placeholder={ADDRESS_BOOK_TEXT.workNo}
              aria-label={ADDRESS_BOOK_TEXT.workNo}
              value={typed.workNo}
              onChange={(e) => setTyped((t) => ({ ...t, workNo: e.target.value }))}
              style={{ width: 160 }}
            />
            <Button
              type="primary"
              onClick={() => {
                setFilters(typed);
                setPage((p) => ({ ...p, current: 1 }));
              }}
            >
              {ADDRESS_BOOK_TEXT.search}
            </Button>
            <Button
              onClick={() => {
                setTyped({ realname: '', workNo: '' });
                setFilters({ realname: '', workNo: '' });
              }}
            >
              {ADDRESS_BOOK_TEXT.reset}
            </Button>
          </Space>
          <Table<AddressBookRecord>
            rowKey="id"
            size="small"
            bordered
            columns={COLUMNS}
            dataSource={people.data?.records ?? []}
            loading={people.isFetching}
            pagination={{
              current: page.current,
              pageSize: page.pageSize,
              total: people.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: PICKER_PAGE.pageSizeOptions.map(String),
              onChange: (current, pageSize) => setPage({ current, pageSize }),
            }}
          />
        </Card>
      </Col>
    </Row>
  );
}
