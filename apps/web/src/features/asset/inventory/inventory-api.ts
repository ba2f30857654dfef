import {
  INVENTORY_API,
  type InventoryCampaign,
  type InventoryCampaignInput,
  type InventoryFinding,
  type InventoryFindingInput,
  type InventoryItem,
  type InventoryProgress,
  type InventoryReport,
  type InventorySettleInput,
  type PageResult,
} from '@district/shared';
import { deleteAction, getAction, postAction, putAction } from '@/lib/request';

export interface Page<T> {
  records: T[];
  total: number;
}

const pageOf = <T>(result: PageResult<T> | null | undefined): Page<T> => ({
  records: result?.records ?? [],
  total: result?.total ?? 0,
});

export const inventoryKeys = {
  campaigns: (params: object) => ['inventory-campaigns', params] as const,
  campaign: (id: string) => ['inventory-campaign', id] as const,
  progress: (id: string) => ['inventory-progress', id] as const,
  items: (params: object) => ['inventory-items', params] as const,
  differences: (id: string, settled: string) => ['inventory-differences', id, settled] as const,
  myCampaigns: ['inventory-my-campaigns'] as const,
};

export async function fetchCampaigns(params: {
  pageNo: number;
  pageSize: number;
  status?: string;
  name?: string;
}): Promise<Page<InventoryCampaign>> {
  return pageOf((await getAction<PageResult<InventoryCampaign>>(INVENTORY_API.campaignList, params)).result);
}

export async function fetchCampaign(id: string): Promise<InventoryCampaign | null> {
  return (await getAction<InventoryCampaign>(INVENTORY_API.campaignQuery, { id })).result ?? null;
}

export const addCampaign = (input: InventoryCampaignInput) =>
  postAction<InventoryCampaign>(INVENTORY_API.campaignAdd, input);
export const editCampaign = (input: InventoryCampaignInput & { id: string }) =>
  putAction<InventoryCampaign>(INVENTORY_API.campaignEdit, input);
export const deleteCampaign = (id: string) => deleteAction(INVENTORY_API.campaignDelete, { id });
export const openCampaign = (id: string) => postAction(INVENTORY_API.campaignOpen, { id });
export const closeCampaign = (id: string) => postAction(INVENTORY_API.campaignClose, { id });

export async function fetchProgress(id: string): Promise<InventoryProgress | null> {
  return (await getAction<InventoryProgress>(INVENTORY_API.progress, { id })).result ?? null;
}

export async function fetchReport(id: string): Promise<InventoryReport | null> {
  return (await getAction<InventoryReport>(INVENTORY_API.report, { id })).result ?? null;
}

export async function fetchItems(params: {
  campaignId: string;
  pageNo: number;
  pageSize: number;
  checked?: string;
  result?: string;
}): Promise<Page<InventoryItem>> {
  return pageOf((await getAction<PageResult<InventoryItem>>(INVENTORY_API.itemList, params)).result);
}

/** The differences answer a list (or a page, read the same way). */
export async function fetchDifferences(campaignId: string, settled: string): Promise<InventoryItem[]> {
  const result = (
    await getAction<InventoryItem[] | PageResult<InventoryItem>>(INVENTORY_API.differenceList, {
      campaignId,
      settled,
      pageNo: 1,
      pageSize: 100,
    })
  ).result;
  if (!result) return [];
  return Array.isArray(result) ? result : (result.records ?? []);
}

export const settleDifference = (input: InventorySettleInput) => postAction<InventoryItem>(INVENTORY_API.settle, input);

export async function fetchMyCampaigns(): Promise<InventoryCampaign[]> {
  const result = (await getAction<InventoryCampaign[] | PageResult<InventoryCampaign>>(INVENTORY_API.myCampaigns))
    .result;
  if (!result) return [];
  return Array.isArray(result) ? result : (result.records ?? []);
}

/** Lookup by the typed code or the QR text; silent: the page shows the server's answer itself. */
export async function lookupItem(campaignId: string, code: string): Promise<InventoryItem | null> {
  return (await getAction<InventoryItem>(INVENTORY_API.lookup, { campaignId, code }, { silent: true })).result ?? null;
}

/** Sends one finding; silent, as the offline queue decides what to show. */
export const sendFinding = (input: InventoryFindingInput) =>
  postAction<InventoryFinding & { duplicate: boolean }>(INVENTORY_API.finding, input, { silent: true });
