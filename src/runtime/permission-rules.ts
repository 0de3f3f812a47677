/**
 * Permission rules and site grants: parsing `tool` / `tool(pattern)`, matching a pattern against a
 * call's subject (origin, host, host:port), and finding the grant that covers a call.
 */
import type { PermissionRuleString, SiteGrant } from './permission-types.js';

/** A parsed rule: `tool` or `tool(pattern)`. A trailing `*` in the tool part matches a prefix (`mcp__github__*`). */
export interface ParsedRule {
  tool: string;
  pattern: string | undefined;
  toolMatches(name: string): boolean;
}

/** Parses `tool` or `tool(pattern)`; `undefined` for a malformed rule (which then matches nothing). */
export function parseRule(rule: PermissionRuleString): ParsedRule | undefined {
  const match = /^\s*([A-Za-z0-9_*-]+)\s*(?:\(\s*([^()]*?)\s*\))?\s*$/.exec(rule);
  if (!match?.[1]) return undefined;
  const tool = match[1];
  const pattern = match[2] === undefined || match[2] === '' ? undefined : match[2];
  const toolMatches = tool.endsWith('*') ? (name: string) => name.startsWith(tool.slice(0, -1)) : (name: string) => name === tool;
  return { tool, pattern, toolMatches };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

/** The host of a subject that is a URL or origin, or the subject itself when it is a bare host. */
export function hostOf(subject: string): string {
  try {
    const url = new URL(subject);
    if (url.hostname) return url.hostname.toLowerCase();
  } catch {
    // not a URL: a bare host
  }
  return subject.toLowerCase();
}

/** The origin of a subject or URL (`https://shop.example.com`), or `undefined` when it has none (about:blank, data:, none given). */
export function originOf(subject: string | undefined): string | undefined {
  if (!subject) return undefined;
  try {
    const origin = new URL(subject).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };

/** A subject's host (IPv6 without brackets) and port (explicit, or the scheme's default; none for a bare host without one). */
function hostAndPort(subject: string): { host: string; port: string | undefined } {
  const strip = (host: string) => host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  try {
    const url = new URL(subject);
    if (url.hostname) return { host: strip(url.hostname), port: url.port || DEFAULT_PORTS[url.protocol] };
  } catch {
    // not a URL: a bare host, maybe with a port
  }
  try {
    const url = new URL(`http://${subject}`);
    if (url.hostname) return { host: strip(url.hostname), port: url.port || undefined };
  } catch {
    // not even a host
  }
  return { host: strip(subject), port: undefined };
}

/** `host`, `host:port`, `[v6]:port` or `host:*`; an unbracketed IPv6 address has no port part. */
function splitHostPattern(pattern: string): { host: string; port: string | undefined } {
  const bracketed = /^\[([^\]]*)\](?::(\d+|\*))?$/.exec(pattern);
  if (bracketed) return { host: bracketed[1] ?? '', port: bracketed[2] };
  const withPort = /^([^:]*):(\d+|\*)$/.exec(pattern);
  if (withPort) return { host: withPort[1] ?? '', port: withPort[2] };
  return { host: pattern, port: undefined };
}

/**
 * Does a pattern match a permission subject? A pattern with `://` is matched against the whole subject;
 * otherwise against its host, and its port when the pattern names one (`localhost:8080`, `127.0.0.1:*`,
 * `[::1]:3000`; a pattern without a port matches every port). `*` matches anything; `*.example.com`
 * matches example.com and every subdomain (so a deny on `*.bank.com` also covers bank.com itself).
 */
export function matchesPattern(pattern: string, subject: string): boolean {
  const lowered = pattern.trim().toLowerCase();
  if (lowered.includes('://')) return new RegExp(`^${lowered.split('*').map(escapeRegExp).join('.*')}$`).test(subject.toLowerCase());
  const wanted = splitHostPattern(lowered);
  const actual = hostAndPort(subject);
  if (wanted.port !== undefined && wanted.port !== '*' && wanted.port !== actual.port) return false;
  const source = wanted.host.startsWith('*.')
    ? `(?:.*\\.)?${wanted.host.slice(2).split('*').map(escapeRegExp).join('.*')}`
    : wanted.host.split('*').map(escapeRegExp).join('.*');
  return new RegExp(`^${source}$`).test(actual.host);
}

/** Does a rule apply to this call? A rule with a pattern never matches a call without a subject. */
export function matchesRule(rule: PermissionRuleString, toolName: string, subject: string | undefined): boolean {
  const parsed = parseRule(rule);
  if (!parsed || !parsed.toolMatches(toolName)) return false;
  if (parsed.pattern === undefined) return true;
  return subject !== undefined && matchesPattern(parsed.pattern, subject);
}

/** The first rule that applies to this call. */
export function findRule(rules: readonly PermissionRuleString[], toolName: string, subject: string | undefined): PermissionRuleString | undefined {
  return rules.find((rule) => matchesRule(rule, toolName, subject));
}

/** The site grant covering this call, from this run's grants or the stored ones. */
export function findGrant(grants: readonly SiteGrant[], toolName: string, subject: string | undefined): SiteGrant | undefined {
  if (subject === undefined) return undefined;
  const origin = originOf(subject);
  // Stored grants are compared as origins, so `https://Shop.example.com:443/` and `https://shop.example.com` are one site.
  return grants.find(
    (grant) =>
      grant.tool === toolName && (origin !== undefined ? (originOf(grant.origin) ?? grant.origin) === origin : hostOf(grant.origin) === hostOf(subject)),
  );
}
