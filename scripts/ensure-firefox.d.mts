/** The Firefox to use: FIREFOX_PATH if set (and executable), else the first usual path that exists. */
export function findFirefox(): string | undefined;
/** Preferences for a Firefox driven on these machines (no first-run pages, no calls to Mozilla's hosts). */
export declare const FIREFOX_PREFS: Readonly<Record<string, string | number | boolean>>;
