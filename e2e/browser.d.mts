export declare const SYSTEM_CHROMIUM: string
export declare function resolveChromiumPath(): string | undefined
