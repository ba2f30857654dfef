import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { seedDemo } from './demo.seed.js';
import { seedReference } from './reference.seed.js';

export async function runSeeds(
  db: Kysely<Database>,
  opts: { demo: boolean; hashPassword: (p: string) => Promise<string> },
): Promise<void> {
  await seedReference(db);
  if (opts.demo) await seedDemo(db, opts.hashPassword);
}
