import { ADDRESS_BOOK_API, type AddressBookRecord, type PageResult } from '@district/shared';
import { getAction } from '@/lib/request';

export async function fetchAddressBook(params: {
  orgCode?: string;
  realname?: string;
  workNo?: string;
  pageNo: number;
  pageSize: number;
}): Promise<PageResult<AddressBookRecord>> {
  return (await getAction<PageResult<AddressBookRecord>>(ADDRESS_BOOK_API.list, params)).result;
}
