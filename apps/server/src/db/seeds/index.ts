import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { seedDemo } from './demo.seed.js';
import { seedReference } from './reference.seed.js';
import { seedCategories } from './category.seed.js';
import { seedRules } from './rule.seed.js';

export async function runSeeds(
  db: Kysely<Database>,
  opts: { demo: boolean; hashPassword: (p: string) => Promise<string> },
): Promise<void> {
  await seedReference(db);
  await seedCategories(db);
  await seedRules(db);
  if (opts.demo) await seedDemo(db, opts.hashPassword);
}
