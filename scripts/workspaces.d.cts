// Types of workspaces.cjs (for the TypeScript that requires it).
/** The repository's root folder. */
export declare const root: string;
/** Every workspace, in the root package.json's order. */
export declare const workspaceNames: readonly string[];
/** The sections: the workspaces named `mf-…`. */
export declare const sectionNames: readonly `mf-${string}`[];
/** Each section with the port its server listens on when run alone. */
export declare const sections: readonly { readonly name: `mf-${string}`; readonly port: number }[];
export declare const shell: { readonly name: 'shell'; readonly port: 3000 };
