/**
 * A permission prompt in plain words: a title that says the act ("Type “Ada Lovelace” into “Your
 * name”?"), one line of why in the person's terms, and what follows from the act when it is more than
 * the act itself ("Then it submits the form “Delete account” (POST /account/delete)"). Everything here is
 * built from what the worker judged (the request's facts and effect), never from what the page claims.
 */
import type { PanelPermissionRequest } from '../models/types.js';
import { describedElement, elementPhrase, hostOf, quote, toolLabel, unescapeValue, withoutRoles } from './names.js';

const short = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A prompt fact's value by its label ("Field", "Text", "Key", "On", "Element", "Choice", "Address"). */
function fact(request: PanelPermissionRequest, label: string): { value: string; masked: boolean } | undefined {
  const found = request.effect?.facts?.find((entry) => entry.label === label);
  return found ? { value: found.value, masked: found.masked === true } : undefined;
}

/** A string field of the call's input. */
function input(request: PanelPermissionRequest, key: string): string | undefined {
  const value = Object.hasOwn(request.input, key) ? request.input[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The element a prompt is about, by name: from the judged facts, else from the tool's description. */
function element(request: PanelPermissionRequest, label: string): string {
  const judged = fact(request, label)?.value;
  return elementPhrase(describedElement(judged !== undefined ? ` ${judged}` : request.description));
}

const TICKABLE = new Set(['checkbox', 'switch', 'menuitemcheckbox']);

/** A click's title: "Tick “Buy milk”?" for a checkbox (named by its row when it has no name), else "Click “Save”?". */
function clickTitle(request: PanelPermissionRequest): string {
  const judged = fact(request, 'Element')?.value;
  const described = describedElement(judged !== undefined ? ` ${judged}` : request.description);
  const role = described?.role ?? judged?.trim();
  if (role && TICKABLE.has(role)) {
    const verb = fact(request, 'Now')?.value === 'ticked' ? 'Untick' : 'Tick';
    return `${verb} ${described?.name ? quote(short(described.name)) : `a ${role}`}?`;
  }
  return `Click ${elementPhrase(described)}?`;
}

/** Names listed in a title: the first three, then "and 2 more". */
function listed(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(', ');
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
}

/** fill_form's title: the fields by name ("Fill in “Name”, “Email”?"), from the judged facts (one per field, in order). */
function fillTitle(request: PanelPermissionRequest): string {
  const list = request.input['fields'];
  const count = Array.isArray(list) ? list.length : 0;
  const names = (request.effect?.facts ?? []).slice(0, count).map((entry) => elementPhrase(describedElement(` ${entry.label}`)));
  if (names.length === count && count > 0 && !names.includes('an element')) return `Fill in ${listed(names)}?`;
  return `Fill in ${count} field${count === 1 ? '' : 's'}?`;
}

/** The title: the act itself, as a question. */
export function promptTitle(request: PanelPermissionRequest): string {
  switch (request.toolName) {
    case 'type': {
      const text = fact(request, 'Text');
      const what = text?.masked ? 'your password' : quote(short(unescapeValue(text?.value ?? input(request, 'text') ?? '')));
      return `Type ${what} into ${element(request, 'Field')}?`;
    }
    case 'click':
      return clickTitle(request);
    case 'press_key': {
      const key = fact(request, 'Key')?.value ?? input(request, 'key') ?? 'a key';
      const on = fact(request, 'On')?.value;
      return `Press ${key}${on && on !== 'nothing focused' ? ` on ${elementPhrase(describedElement(` ${on}`))}` : ''}?`;
    }
    case 'select_option':
      return `Choose ${quote(short(fact(request, 'Choice')?.value ?? ''))} in ${elementPhrase(describedElement(request.description))}?`;
    case 'fill_form':
      return fillTitle(request);
    case 'navigate': {
      const to = request.effect?.landing ?? input(request, 'url');
      return to ? `Go to ${hostOf(to)}?` : `Go ${input(request, 'action') ?? 'back'}?`;
    }
    case 'open_tab': {
      const url = input(request, 'url');
      return url ? `Open ${hostOf(url)} in a new tab?` : 'Open a new tab?';
    }
    case 'close_tab':
      return 'Close a tab?';
    case 'save_file':
      return `Save ${quote(short(input(request, 'filename') ?? 'a file'))} to Downloads?`;
    case 'memory_write':
      return 'Save a note to memory?';
    case 'memory_delete':
      return `Delete the note ${quote(short(input(request, 'key') ?? ''))} from memory?`;
    case 'handle_dialog':
      return request.input['accept'] === false ? "Dismiss the page's dialog?" : "Answer the page's dialog?";
  }
  const mcp = /^mcp__(.+?)__(.+)$/.exec(request.toolName);
  if (mcp) return `Use ${quote(mcp[2]?.replace(/_/g, ' ') ?? '')} from ${mcp[1]}?`;
  return `Allow ${quote(toolLabel(request.toolName))}?`;
}

/** The first data flow's sites, if data would leave. */
function flowSites(request: PanelPermissionRequest): { from: string; to: string } | undefined {
  const flow = request.effect?.dataFlows?.[0];
  return flow ? { from: hostOf(flow.from) ?? flow.from, to: hostOf(flow.to) ?? flow.to } : undefined;
}

/**
 * Why an act was judged one to think twice about, from the judgement's own reason: "This cannot be
 * undone" where that is the reason, else the reason itself (it is written in words: "it leaves a.example
 * for another site, b.example", "a redirect on the site may forward the tab there").
 */
function destructiveLine(detail: string): string {
  if (/password|payment|bank data|secret/i.test(detail)) return 'This goes into a password or payment field.';
  if (/can run code/i.test(detail)) return 'This file can run code when it is opened.';
  if (/not seen in a snapshot|could not be read|cannot be judged/i.test(detail)) return 'What this does could not be read from the page, so it is not known.';
  if (/cannot be undone|\bposts?\b|submit|delet|\bpay|\bsend|\border|purchas|publish|remov|\bclose|unsubscrib|transfer/i.test(detail))
    return 'This cannot be undone.';
  const sentence = detail.trim().replace(/\.$/, '');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

/**
 * The warnings that come first, above the title, for an act to think twice about: one that cannot be
 * undone, data about to leave its site, several sites at once. Empty for an ordinary prompt.
 */
export function promptWarnings(request: PanelPermissionRequest): string[] {
  const warnings: string[] = [];
  if (request.why.type === 'destructive') warnings.push(destructiveLine(request.why.detail));
  const flows = flowSites(request);
  if (flows) warnings.push(`This would send what it read on ${flows.from} to ${flows.to}.`);
  if (request.why.type === 'mixed_sites') warnings.push('This acts on more than one site at once.');
  // Marked as one to think twice about for a reason not named above.
  if (request.destructive && warnings.length === 0) warnings.push('This may not be possible to undo.');
  return warnings;
}

/** Why it asks, in one line of the person's terms. */
export function promptWhy(request: PanelPermissionRequest): string {
  const flows = flowSites(request);
  if (flows) return `This would send what it read on ${flows.from} to ${flows.to}.`;
  const why = request.why;
  switch (why.type) {
    case 'destructive':
      return destructiveLine(why.detail);
    case 'data_flow':
      return 'This would send what it read on one site to another.';
    case 'mixed_sites':
      return 'This acts on more than one site at once.';
    case 'rule':
      return `Your rule ${quote(why.rule)} says to ask first.`;
    case 'grant':
      return `You allowed this on ${hostOf(why.origin)} before, but this one still needs your yes.`;
    case 'mode':
      if (why.mode === 'ask') return 'You asked to be asked before the agent changes anything on a site.';
      return why.detail;
    case 'tool':
    case 'no_ui':
      return why.detail;
    case 'plan':
      return `It goes outside the plan you approved: ${withoutRoles(why.detail)}.`;
    case 'person':
      return 'You were asked before.';
  }
}

/** What follows from the act beyond the title ("Then it submits the form …"), or undefined when nothing does. */
export function promptConsequence(request: PanelPermissionRequest): string | undefined {
  const summary = request.effect?.summary;
  if (!summary) return undefined;
  const then = /; then (.+)$/.exec(summary)?.[1];
  if (then) return `Then it ${withoutRoles(then)}.`;
  // "clicks button “Save”", "types … into …", "presses Escape on …": the title already says it.
  if (/^(clicks|types|presses|selects|chooses) /.test(summary) && !/\bsubmit|\bleav|\bopens|\bgoes to|\bnavigat/.test(summary)) return undefined;
  return `It ${withoutRoles(summary)}.`;
}

/** Whether the prompt is about an act to think twice about: its warnings come first and no answer but Deny is highlighted. */
export function promptIsGrave(request: PanelPermissionRequest): boolean {
  return promptWarnings(request).length > 0;
}
