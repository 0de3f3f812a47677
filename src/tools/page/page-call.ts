/**
 * What the page tools share: the optional `tab_id` and `ref` fields, the tab a call acts on and where it
 * is now, the round trip to a frame's content script (validated against src/shared/protocol/page.ts),
 * frame-prefixed refs, the per-tab snapshot cache, and the permission subject (the tab's origin).
 */
import { z } from 'zod';
import { abortableSleep } from '../../runtime/abort.js';
import type { BrowserBridge } from '../../runtime/browser.js';
import type { ToolUseContext } from '../../runtime/context.js';
import { elementSummarySchema, type ElementSummary } from '../../runtime/page-state.js';
import { fromErrorPayload, isToolErrorLike, ToolError, type ToolErrorPayload } from '../../runtime/errors.js';
import { originOf } from '../../runtime/permission-rules.js';
import type { ValidationResult } from '../../runtime/tool.js';
import { pageEnvelope, parsePageReply, type PageCommandOf, type PageCommandType, type PageResultOf } from '../../shared/protocol/page.js';

/** The optional `tab_id` every page tool takes. */
export const tabIdField = () => z.number().int().min(0).optional().describe('Default: your current tab. Other tab ids: list_tabs.');

/** A ref as read_page and find print it: `e12` in the page, `f3e12` inside frame 3. */
export const refField = (what: string) =>
  z
    .string()
    .regex(/^(f\d+)?e\d+$/, 'a ref like e12 or f3e12, copied from read_page or find')
    .describe(`${what} A ref from read_page or find (e12; f3e12 in a frame).`);

/** The browser port of the run, or NO_BROWSER. */
export function requireBrowser(context: ToolUseContext): BrowserBridge {
  if (!context.browser) {
    throw new ToolError('NO_BROWSER', 'This run has no browser attached, so page and tab tools cannot act.', {
      suggestion: 'Answer without page or tab tools, or ask the person to open Pagewright from a browser tab.',
    });
  }
  return context.browser;
}

/** A page or tab tool's input as far as its tab goes: the optional `tab_id`. */
export type TabInput = { tab_id?: number | undefined };

/** The tab a call acts on: its `tab_id`, else the run's current tab; undefined when neither is known. */
export function tabOf(input: TabInput, context: ToolUseContext | undefined): number | undefined {
  return input.tab_id ?? context?.currentTabId;
}

/** The tab a call acts on (see `tabOf`), or NO_TAB. */
export function targetTab(input: TabInput, context: ToolUseContext | undefined): number {
  const tabId = tabOf(input, context);
  if (tabId === undefined) {
    throw new ToolError('NO_TAB', 'This run is not bound to a tab and no tab_id was given.', {
      suggestion: 'Call list_tabs and pass a tab_id, or open_tab first.',
    });
  }
  return tabId;
}

/**
 * Where the tab is now, from the browser at call time; undefined when the tab cannot be read. Why not
 * the run's snapshot cache: clicks, page scripts and other runs move a tab without refreshing it, and an
 * act judged (or a relative address resolved) against a stale page could leave the site unjudged.
 */
export async function currentUrl(context: ToolUseContext, tabId: number | undefined): Promise<string | undefined> {
  if (tabId === undefined || !context.browser) return undefined;
  try {
    const url = (await context.browser.getTab(tabId)).url;
    return url || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The document a read covers, for `ReadScope.document`: the tab and its URL without the #fragment (moving to
 * an anchor does not change the document, so a later read still supersedes an earlier one).
 */
export function readDocument(tabId: number, url: string): string {
  const hash = url.indexOf('#');
  return `tab ${tabId} at ${hash >= 0 ? url.slice(0, hash) : url}`;
}

/** Splits `f3e12` into frame 3 and local ref `e12`; a bare `e12` is in the top frame (0). */
export function splitRef(ref: string): { frameId: number; local: string } {
  const match = /^(?:f(\d+))?(e\d+)$/.exec(ref);
  if (!match?.[2]) throw new ToolError('INVALID_REF', `"${ref}" is not a ref.`, { suggestion: 'Copy a ref such as e12 from read_page or find.' });
  return { frameId: match[1] === undefined ? 0 : Number(match[1]), local: match[2] };
}

/** The ref prefix of a frame's refs ('' for the top frame). */
export const framePrefix = (frameId: number): string => (frameId === 0 ? '' : `f${frameId}`);

/**
 * Sends one command to a frame's content script and returns its checked result. The page's errors
 * (STALE_REF, ELEMENT_COVERED, ...) and malformed replies become ToolErrors; browser failures
 * (NOT_INJECTABLE, TAB_CLOSED, NAVIGATED, TIMEOUT) come from the bridge as they are. `timeoutMs`
 * bounds the wait for a child frame.
 */
export async function sendPageCommand<T extends PageCommandType>(
  context: ToolUseContext,
  tabId: number,
  command: PageCommandOf<T>,
  frameId = 0,
  timeoutMs?: number,
): Promise<PageResultOf<T>> {
  const browser = requireBrowser(context);
  const raw = await browser.sendToTab(tabId, pageEnvelope(command), {
    ...(frameId !== 0 ? { frameId } : {}),
    signal: context.abortController.signal,
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  });
  const reply = parsePageReply(command.type as T, raw);
  if (!reply.ok) throw fromErrorPayload(withCoverRef(context, tabId, frameId, reply.error));
  return reply.result;
}

/**
 * ELEMENT_COVERED names its cover by a ref the content script gave it (src/content/cover.ts): the ref gets
 * its frame's prefix, and its summary goes into the tab's snapshot cache so the model can act on it at once.
 */
function withCoverRef(context: ToolUseContext, tabId: number, frameId: number, error: ToolErrorPayload): ToolErrorPayload {
  const { coverRef, coverSummary, ...rest } = error;
  if (error.code !== 'ELEMENT_COVERED' || typeof coverRef !== 'string' || !/^e\d+$/.test(coverRef)) return error;
  const ref = `${framePrefix(frameId)}${coverRef}`;
  const summary = elementSummarySchema.safeParse(coverSummary);
  const record = context.snapshots.get(tabId);
  if (summary.success && record) context.snapshots.update(tabId, record.url, { [ref]: summary.data });
  const prefixed = (text: string) => (ref === coverRef ? text : text.replace(new RegExp(`\\b${coverRef}\\b`, 'g'), ref));
  return { ...rest, message: prefixed(error.message), suggestion: prefixed(error.suggestion), coverRef: ref };
}

/** What the latest snapshot said about a ref in this tab (own-property safe), if anything. */
export function knownElement(context: ToolUseContext | undefined, input: TabInput, ref: string): ElementSummary | undefined {
  const tabId = tabOf(input, context);
  if (tabId === undefined || !context) return undefined;
  const elements = context.snapshots.get(tabId)?.elements;
  return elements && Object.hasOwn(elements, ref) ? elements[ref] : undefined;
}

/**
 * Checks refs against what this run has read of the tab, before anyone is asked. A ref this run was
 * never shown (a typo, a made-up e999, one from a page since left, or one from an earlier task) is
 * STALE_REF at once, instead of a permission prompt the person cannot judge ("Click e999") followed by
 * the same error. Why there is no exception for a tab this run has not read: refs belong to the run
 * that read them. Numbering restarts on every page, so another run's (or an earlier task's) `e12` may
 * name a different element on the page the tab shows now; only a read in this run says what it is.
 */
export function validateKnownRefs(context: ToolUseContext, input: TabInput, refs: ReadonlyArray<string | undefined>): ValidationResult {
  const given = refs.filter((ref): ref is string => ref !== undefined);
  if (given.length === 0) return { ok: true };
  const tabId = tabOf(input, context);
  const record = tabId === undefined ? undefined : context.snapshots.get(tabId);
  const unknown = given.filter((ref) => !record || !Object.hasOwn(record.elements, ref));
  if (unknown.length === 0) return { ok: true };
  const list = unknown.map((ref) => `"${ref}"`).join(', ');
  const one = unknown.length === 1;
  return {
    ok: false,
    code: 'STALE_REF',
    message: record
      ? `${one ? 'Ref' : 'Refs'} ${list} ${one ? 'is' : 'are'} not in the latest snapshot of this tab (${record.url}).`
      : `${one ? 'Ref' : 'Refs'} ${list} ${one ? 'was' : 'were'} not handed out by a read of this tab in this task: refs from an earlier task or another tab do not carry over.`,
    suggestion: 'Call read_page or find on this tab again and use a ref exactly as it prints it.',
    details: { refs: unknown },
  };
}

/** The page's own verdicts on a target: the call fails the same way, so nobody is asked first. */
const PAGE_VERDICTS = new Set(['NOT_A_SELECT', 'NOT_EDITABLE', 'ELEMENT_NOT_VISIBLE', 'ELEMENT_DISABLED', 'STALE_REF']);

/**
 * `validateKnownRefs`, then the act's own page checks (src/content/precheck.ts): a select for select_option, a
 * field that takes text for type, shown and enabled. Why here and not in the act alone: validation runs
 * before the permission prompt, and a prompt answered for a call that then fails a page check taught the
 * person nothing and cost a turn. A page that cannot answer (not injectable, slow) leaves the call to its act.
 */
export async function validatePageTarget(
  context: ToolUseContext,
  input: TabInput & { ref: string },
  purpose: PageCommandOf<'precheck'>['purpose'],
): Promise<ValidationResult> {
  const known = validateKnownRefs(context, input, [input.ref]);
  const tabId = tabOf(input, context);
  if (!known.ok || tabId === undefined || !context.browser) return known;
  const { frameId, local } = splitRef(input.ref);
  const documentId = context.snapshots.knownDocument(tabId, frameId);
  try {
    await sendPageCommand(context, tabId, { type: 'precheck', ref: local, ...(documentId ? { documentId } : {}), purpose }, frameId, 5_000);
    return { ok: true };
  } catch (error) {
    if (!isToolErrorLike(error) || !PAGE_VERDICTS.has(error.code)) return { ok: true };
    // The verdict's details as the act's own error would carry them (a date field's picker, a frame's place).
    const details = error instanceof ToolError && Object.keys(error.details).length > 0 ? { details: { ...error.details } } : {};
    return { ok: false, code: error.code, message: error.message, suggestion: error.suggestion ?? 'Call read_page to see the page as it is now.', ...details };
  }
}

/** A short name for an element in descriptions: `button "Delete account"`, or the bare ref. */
export function describeRef(context: ToolUseContext | undefined, input: TabInput, ref: string): string {
  const element = knownElement(context, input, ref);
  if (!element) return ref;
  if (element.name) return `${element.role} "${element.name}"${element.context ? ` in ${element.context}` : ''}`;
  return element.row ? `${element.role} in "${element.row}"` : element.role;
}

/** The frames an input's refs point into (`ref`, or fill_form's `fields[].ref`), top frame left out. */
function framesOfInput(input: object): number[] {
  const refs: unknown[] = [(input as { ref?: unknown }).ref];
  const fields = (input as { fields?: unknown }).fields;
  if (Array.isArray(fields)) for (const field of fields) refs.push((field as { ref?: unknown } | null)?.ref);
  const frames = new Set<number>();
  for (const ref of refs) {
    const match = typeof ref === 'string' ? /^f(\d+)e\d+$/.exec(ref) : null;
    if (match) frames.add(Number(match[1]));
  }
  return [...frames];
}

/**
 * The permission subject of a page tool: the origin of the document it acts in — the tab's, or, for a
 * ref inside a cross-origin frame, that frame's. Why: a grant or rule for shop.test must not cover
 * acts inside an embedded ads.example frame, and a deny rule on a bank must follow its frames into
 * other pages. A frame whose origin cannot be told (about:blank, srcdoc, lookup failed) takes the tab's.
 */
export async function tabOrigin(input: TabInput, context: ToolUseContext): Promise<string | undefined> {
  const tabId = tabOf(input, context);
  if (tabId === undefined || !context.browser) return undefined;
  let top: string | undefined;
  try {
    top = originOf((await context.browser.getTab(tabId)).url);
  } catch {
    return undefined;
  }
  const frameIds = framesOfInput(input);
  if (frameIds.length === 0) return top;
  const frames = await context.browser.listFrames(tabId).catch(() => []);
  for (const frameId of frameIds) {
    const origin = frameOriginOf(frames, frameId);
    if (origin !== undefined && origin !== top) return origin;
  }
  return top;
}

/**
 * A frame's origin: its address's, else (about:blank, about:srcdoc: a document with no address of its own,
 * which runs in the origin of the frame that made it) its nearest ancestor's that has one. Why: a srcdoc
 * frame inside another site's frame is that site's, and judged as the tab's it would ride the tab's grants.
 */
export function frameOriginOf(frames: ReadonlyArray<{ frameId: number; parentFrameId: number; url: string }>, frameId: number): string | undefined {
  const seen = new Set<number>();
  for (let frame = frames.find((candidate) => candidate.frameId === frameId); frame && !seen.has(frame.frameId);) {
    seen.add(frame.frameId);
    const origin = originOf(frame.url);
    if (origin !== undefined) return origin;
    const parentId = frame.parentFrameId;
    frame = frames.find((candidate) => candidate.frameId === parentId);
  }
  return undefined;
}

/** Sleeps, or rejects with CANCELLED when the call is aborted. */
export const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  abortableSleep(ms, signal, () => new ToolError('CANCELLED', 'The call was cancelled.', { suggestion: 'Ask again if it is still needed.' }));
