/** The Node.js options `serve` runs with (node-flags.mjs). */
export declare const SERVE_NODE_FLAGS: readonly string[];
