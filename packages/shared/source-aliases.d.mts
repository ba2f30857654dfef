export declare const sharedSourceAliases: { find: RegExp; replacement: string }[];
