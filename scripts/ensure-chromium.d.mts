/** The browser to use: CHROME_PATH if set (and executable), else the first usual path that exists. */
export function findChromium(): string | undefined;
/** The flags that make Chromium (and extensions in it) work headless on these machines. */
export declare const HEADLESS_FLAGS: readonly string[];
