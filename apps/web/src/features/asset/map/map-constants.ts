/** The asset category tree's root code (category.seed.ts): its children are the filter's first level. */
export const ASSET_CATEGORY_PCODE = 'A01';
