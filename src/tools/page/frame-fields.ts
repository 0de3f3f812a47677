/**
 * `type` or `select_text` given a frame's ref: what takes the text is inside the frame (an editor's edited
 * document, a widget's form). The page's own check refuses the frame (NOT_EDITABLE, with its place in
 * `window.frames`); here the frame's fields are found and their refs put in the suggestion, so the next call
 * types there. With a real model, `type` on TinyMCE's iframe was refused with "read_page lists textboxes",
 * which no read of that page had shown.
 */
import type { ToolUseContext } from '../../runtime/context.js';
import type { ValidationResult } from '../../runtime/tool.js';
import type { PageCommandOf } from '../../shared/protocol/page.js';
import { childFrames } from './focus-frame.js';
import { framePrefix, sendPageCommand, splitRef, tabOf, validatePageTarget, type TabInput } from './page-call.js';

/** Roles of the fields named: what `type` and `select_text` take. */
const TEXT_ROLES = new Set(['textbox', 'searchbox']);
/** The most refs a suggestion names. */
const MAX_NAMED = 3;
/** How long the frame may take to list its fields (the call's failure waits on it). */
const FRAME_WAIT_MS = 3_000;

/**
 * The refs of the text fields in the child frame at `index` of `window.frames` in frame `parentFrameId`, each
 * given to this run as read_page would give it. Only refs and roles are told (no names, no text): nothing the
 * frame shows enters the conversation here, so there is no read of its page to file.
 */
export async function textFieldsInFrame(context: ToolUseContext, tabId: number, parentFrameId: number, index: number): Promise<string[]> {
  const child = (await childFrames(context, tabId)).find((frame) => frame.parentFrameId === parentFrameId && frame.index === index);
  if (!child) return [];
  const read = await sendPageCommand(
    context,
    tabId,
    { type: 'snapshot', filter: 'interactive', refPrefix: framePrefix(child.frameId) },
    child.frameId,
    FRAME_WAIT_MS,
  );
  const fields = Object.entries(read.elements).filter(([, summary]) => TEXT_ROLES.has(summary.role));
  context.snapshots.rememberDocument(tabId, child.frameId, read.documentId);
  context.snapshots.update(tabId, context.snapshots.get(tabId)?.url ?? read.url, Object.fromEntries(fields));
  return fields.map(([ref]) => ref);
}

/**
 * `validatePageTarget` for a tool that types or selects words: a frame's ref is refused as before, and the
 * suggestion names the text fields inside the frame by their refs (the act itself is never moved to another
 * element: what runs is what the call named and the person was asked about).
 */
export async function validateTextTarget(
  context: ToolUseContext,
  input: TabInput & { ref: string },
  purpose: PageCommandOf<'precheck'>['purpose'],
): Promise<ValidationResult> {
  const result = await validatePageTarget(context, input, purpose);
  if (result.ok || typeof result.details?.frameIndex !== 'number') return result;
  const { frameIndex, ...details } = result.details;
  const refused = { ...result, details };
  const tabId = tabOf(input, context);
  if (tabId === undefined) return refused;
  const refs = await textFieldsInFrame(context, tabId, splitRef(input.ref).frameId, frameIndex as number).catch(() => []);
  if (refs.length === 0) return refused;
  const named = refs
    .slice(0, MAX_NAMED)
    .map((ref) => `[ref=${ref}]`)
    .join(', ');
  const fields = refs.length === 1 ? `its textbox ${named}` : `one of its ${refs.length} textboxes (${named}${refs.length > MAX_NAMED ? ', …' : ''})`;
  return { ...refused, suggestion: `Use the text field inside the frame: ${fields}.` };
}
