/** A native import() of an ES module package (esm.mjs). */
export declare function load<T = Record<string, unknown>>(specifier: string): Promise<T>;
