// Types of serve.mjs for the bench.
export declare const SERVER_NODE_FLAGS: string[];
export declare function serve(): void;
