/**
 * The general permission system: may this call run? Judged per call (principle 3), after the input was
 * validated (principle 4). Order of evaluation, first match wins:
 *
 *   1. deny rules                      → deny
 *   2. read-only mode, call not read-only → deny
 *   3. the tool's own `checkPermissions` deny → deny
 *   4. ask rules                       → ask
 *   5. allow rules                     → allow   (only a rule naming the tool lets a destructive call skip the prompt)
 *   6. destructive call                → ask
 *   7. the tool's own ask / allow (an external tool's allow is ignored; its read-only hint counts,
 *      because the person chose to add its server)
 *   8. the mode: read-only calls run; `auto` runs the rest; `ask` runs what a site grant covers, asks the rest.
 *
 * "Ask" goes to the person through `context.askPerson`; with no UI attached the call is denied (`no_ui`).
 * Every decision carries a `DecisionReason` so the side panel can say why.
 */
import type { AppState, ToolUseContext } from './context.js';
import type { DecisionReason, PermissionDecision, PermissionRuleString, SiteGrant } from './permission-types.js';
import type { AnyTool, CanUseTool } from './tool.js';

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

/** The origin of a subject (`https://shop.example.com`), or `undefined` when it has none. */
export function originOf(subject: string): string | undefined {
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

function findRule(rules: readonly PermissionRuleString[], toolName: string, subject: string | undefined): PermissionRuleString | undefined {
  return rules.find((rule) => matchesRule(rule, toolName, subject));
}

/** The site grant covering this call, from this run's grants or the stored ones. */
export function findGrant(grants: readonly SiteGrant[], toolName: string, subject: string | undefined): SiteGrant | undefined {
  if (subject === undefined) return undefined;
  const origin = originOf(subject);
  // Stored grants are compared as origins, so `https://Shop.example.com:443/` and `https://shop.example.com` are one site.
  return grants.find((grant) => grant.tool === toolName && (origin !== undefined ? (originOf(grant.origin) ?? grant.origin) === origin : hostOf(grant.origin) === hostOf(subject)));
}

const allow = (reason: DecisionReason): PermissionDecision => ({ behavior: 'allow', reason });
const deny = (reason: DecisionReason, message: string, suggestion: string): PermissionDecision => ({ behavior: 'deny', reason, message, suggestion });

type Verdict = PermissionDecision | { behavior: 'ask'; why: DecisionReason };

/** Steps 1–8 above, without asking anyone. */
async function decide(tool: AnyTool, input: Record<string, unknown>, context: ToolUseContext, subject: string | undefined): Promise<Verdict> {
  const { mode, rules } = context.permissions;
  const where = subject ? ` on ${subject}` : '';

  const denyRule = findRule(rules.deny, tool.name, subject);
  if (denyRule) {
    return deny({ type: 'rule', rule: denyRule, behavior: 'deny' }, `${tool.name}${where} is blocked by the rule "${denyRule}".`, 'Do not retry this call; find another way or ask the person to change the rule in Settings.');
  }
  // External (MCP) tools describe themselves. Their read-only hint is trusted — it runs the call
  // unasked — only because the person chose to add that server (Settings says so per server); their
  // own "allow" is still ignored below, and a destructive hint always asks.
  const readOnly = tool.isReadOnly(input);
  if (mode === 'read-only' && !readOnly) {
    return deny({ type: 'mode', mode, detail: 'only read-only calls run in read-only mode' }, `This ${tool.name} call changes something, and Pagewright is in read-only mode.`, 'Only read the page in this mode, or ask the person to switch the permission mode in Settings.');
  }
  const own = await tool.checkPermissions(input, context);
  if (own.behavior === 'deny') return deny({ type: 'tool', detail: own.message }, own.message, own.suggestion);

  const askRule = findRule(rules.ask, tool.name, subject);
  if (askRule) return { behavior: 'ask', why: { type: 'rule', rule: askRule, behavior: 'ask' } };
  // Destructive calls always reach the person unless an allow rule names the tool itself (a wildcard
  // like `mcp__github__*` does not): not auto mode, not a site grant, not the tool's own opinion may
  // skip this. Keep it that way.
  const destructive = tool.isDestructive(input, context);
  const allowRule = findRule(rules.allow, tool.name, subject);
  if (allowRule && (!destructive || parseRule(allowRule)?.tool === tool.name)) return allow({ type: 'rule', rule: allowRule, behavior: 'allow' });
  if (destructive) return { behavior: 'ask', why: { type: 'destructive', detail: tool.description(input, context) } };

  if (own.behavior === 'ask') return { behavior: 'ask', why: { type: 'tool', detail: own.reason } };
  if (own.behavior === 'allow' && !tool.isExternal) return allow({ type: 'tool', detail: own.reason });

  if (readOnly) return allow({ type: 'mode', mode, detail: 'read-only calls run without asking' });
  if (mode === 'auto') return allow({ type: 'mode', mode, detail: 'auto mode runs non-destructive calls' });
  const grant = findGrant([...context.getAppState().grants, ...context.permissions.grants], tool.name, subject);
  if (grant) return allow({ type: 'grant', origin: grant.origin });
  return { behavior: 'ask', why: { type: 'mode', mode, detail: 'ask mode asks before calls that change something' } };
}

/** Options for `createCanUseTool`. */
export interface CanUseToolOptions {
  /** Called when the person chooses "always allow on this site"; the extension persists the grant. */
  onGrant?: (grant: SiteGrant) => void | Promise<void>;
}

/** The general permission system as the executor calls it. */
export function createCanUseTool(options: CanUseToolOptions = {}): CanUseTool {
  return async (tool, input, context, toolUseId) => {
    let subject: string | undefined;
    try {
      subject = (await tool.permissionSubject(input, context)) ?? undefined;
    } catch {
      subject = undefined; // a subject we cannot compute matches no site rule or grant: fail closed
    }
    const verdict = await decide(tool, input, context, subject);
    if (verdict.behavior !== 'ask') return verdict;

    const what = tool.description(input, context);
    if (!context.askPerson) {
      return deny(
        { type: 'no_ui', detail: `would ask: ${what}` },
        `"${what}" needs the person's permission, but no Pagewright side panel is open to ask them.`,
        'Tell the person what you want to do and ask them to open the side panel (or add an allow rule in Settings); continue with read-only steps meanwhile.',
      );
    }
    const destructive = verdict.why.type === 'destructive';
    const choice = await context.askPerson(
      { toolUseId, toolName: tool.name, description: what, input, site: subject, why: verdict.why, destructive },
      context.abortController.signal,
    );
    if (choice.choice === 'deny') {
      const because = choice.reason ? ` Their reason: ${choice.reason}` : '';
      return deny(
        { type: 'person', choice: 'deny', ...(choice.reason ? { reason: choice.reason } : {}) },
        `The person declined "${what}".${because}`,
        'Do not repeat this call. Ask the person how they would like to proceed, or choose a different approach.',
      );
    }
    if (choice.choice === 'allow_always') {
      const origin = subject === undefined ? undefined : (originOf(subject) ?? `https://${hostOf(subject)}`);
      if (origin !== undefined) {
        const grant: SiteGrant = { origin, tool: tool.name };
        context.setAppState((prior: AppState) => ({ ...prior, grants: [...prior.grants, grant] }));
        await options.onGrant?.(grant);
      }
    }
    return allow({ type: 'person', choice: choice.choice });
  };
}
