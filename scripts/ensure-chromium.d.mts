/** The browser to use: CHROME_PATH if set (and executable), else the first usual path that exists. */
export function findChromium(): string | undefined;
