import type { DictItem } from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { KvStore } from './kv-store.js';

const CACHE_TTL_MS = 60 * 60_000;
const VERSION_KEY = 'dict:version';
export const DICT_CODE = /^[A-Za-z0-9_]{1,100}$/;

/**
 * Dictionary items, cached per code. The cache key carries a version number: refreshing bumps it,
 * which retires every cached dictionary on every instance at once.
 */
export class DictService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly kv: KvStore,
  ) {}

  private async version(): Promise<string> {
    return (await this.kv.get(VERSION_KEY)) ?? '0';
  }

  async refresh(): Promise<void> {
    await this.kv.incr(VERSION_KEY, 365 * 24 * 60 * 60_000);
  }

  private async query(codes?: string[]): Promise<Record<string, DictItem[]>> {
    let q = this.db
      .selectFrom('sysDictItem as i')
      .innerJoin('sysDict as d', 'd.id', 'i.dictId')
      .select(['d.dictCode', 'i.itemText', 'i.itemValue', 'i.itemColor'])
      .where('d.delFlag', '=', 0)
      .where('i.status', '=', 1)
      .orderBy('d.dictCode')
      .orderBy('i.sortOrder')
      .orderBy('i.itemValue');
    if (codes) q = q.where('d.dictCode', 'in', codes);
    const rows = await q.execute();
    const result: Record<string, DictItem[]> = {};
    for (const r of rows) {
      (result[r.dictCode] ??= []).push({
        value: r.itemValue,
        text: r.itemText,
        title: r.itemText,
        label: r.itemText,
        ...(r.itemColor ? { color: r.itemColor } : {}),
      });
    }
    return result;
  }

  async items(code: string): Promise<DictItem[]> {
    const key = `dict:${await this.version()}:${code}`;
    const cached = await this.kv.get(key);
    if (cached) return JSON.parse(cached) as DictItem[];
    const items = (await this.query([code]))[code] ?? [];
    await this.kv.set(key, JSON.stringify(items), CACHE_TTL_MS);
    return items;
  }

  async all(): Promise<Record<string, DictItem[]>> {
    return this.query();
  }
}
