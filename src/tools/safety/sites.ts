/** Sites as a person tells them apart, and how an address is shown in a prompt. */
import type { DestructiveVerdict } from './verdict.js';

/** Scheme, host without `www.`, and port: `https://shop.example`; undefined for an invalid address. */
export function siteOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.origin === 'null') return parsed.protocol;
    // www.example.com and example.com are one site to a person.
    return `${parsed.protocol}//${parsed.host.replace(/^www\./, '')}`;
  } catch {
    return undefined;
  }
}

/** The host of a site or address, for prompts ("shop.example"); the text itself when it is not one. */
export function hostOfUrl(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** An address as a prompt shows it: the path alone on the current site, the whole address elsewhere. */
export function displayAddress(url: string, from: string | undefined): string {
  const clip = (text: string) => (text.length > 160 ? `${text.slice(0, 159)}…` : text);
  try {
    const parsed = new URL(url);
    if (from !== undefined && siteOf(from) === siteOf(url)) return clip(`${parsed.pathname}${parsed.search}${parsed.hash}`);
    return clip(parsed.href);
  } catch {
    return clip(url);
  }
}

/**
 * Rule 3 — navigation. Destructive when it leaves the current site (another scheme, host or port),
 * because a new site gets the agent's attention and possibly its input. Staying on the site is not.
 * When the current site is unknown, leaving is assumed.
 */
export function navigationIsCrossSite(fromUrl: string | undefined, toUrl: string): DestructiveVerdict {
  const to = siteOf(toUrl);
  if (to === undefined) return { destructive: true, reason: `"${toUrl}" is not a valid address` };
  const from = fromUrl === undefined ? undefined : siteOf(fromUrl);
  if (from === undefined) return { destructive: true, reason: `the current page is unknown, so going to ${to} may leave the site` };
  if (from !== to) return { destructive: true, reason: `it leaves ${from} for another site, ${to}` };
  return { destructive: false };
}
