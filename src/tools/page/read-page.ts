/** `read_page`: the page as an accessibility-style tree with refs, frames stitched in. */
import { z } from 'zod';
import type { ToolUseContext } from '../../runtime/context.js';
import { ToolError, toErrorPayload } from '../../runtime/errors.js';
import { buildTool } from '../../runtime/tool.js';
import type { PageResultOf } from '../../shared/protocol/page.js';
import { framePrefix, refField, sendPageCommand, splitRef, tabIdField, tabOrigin, targetTab } from './shared.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  filter: z
    .enum(['all', 'interactive'])
    .default('all')
    .describe('"all" (default): headings, text, lists, tables and controls. "interactive": only things you can act on (links, buttons, fields), as a flat list — much shorter.'),
  ref: refField('Read only the subtree under this element (e.g. a form or a dialog); default: the whole page.').optional(),
  max_depth: z.number().int().min(1).max(200).optional().describe('How many levels of nesting to show (1–200). Default: all. Deeper nodes are left out and the result says so.'),
  tab_id: tabIdField(),
});

const MAX_FRAME_NESTING = 4;

type Snapshot = PageResultOf<'snapshot'>;

/** How far a read is on a page with frames: frames read of those found so far (the total grows as frames turn up). */
export interface ReadPageProgress {
  frames_done: number;
  frames_total: number;
}

/** Counts frames as they are found and read, and reports it. */
interface FrameCount extends ReadPageProgress {
  report(progress: ReadPageProgress): void;
}

/** Snapshots one frame and, recursively, the frames inside it; child trees go under their iframe line. */
async function snapshotFrame(context: ToolUseContext, tabId: number, frameId: number, options: { filter: 'all' | 'interactive'; ref?: string; maxDepth?: number }, nesting: number, count?: FrameCount): Promise<Snapshot> {
  const snapshot = await sendPageCommand(context, tabId, { type: 'snapshot', filter: options.filter, refPrefix: framePrefix(frameId), ...(options.ref ? { ref: options.ref } : {}), ...(options.maxDepth ? { maxDepth: options.maxDepth } : {}) }, frameId);
  context.snapshots.rememberDocument(tabId, frameId, snapshot.documentId);
  context.snapshots.update(tabId, frameId === 0 ? snapshot.url : (context.snapshots.get(tabId)?.url ?? snapshot.url), snapshot.elements);
  if (count) {
    count.frames_done++;
    if (nesting < MAX_FRAME_NESTING) count.frames_total += snapshot.frames.length;
    if (count.frames_total > 1) count.report({ frames_done: count.frames_done, frames_total: count.frames_total });
  }
  if (snapshot.frames.length === 0 || nesting >= MAX_FRAME_NESTING) return snapshot;

  // Frames whose id the content script could not tell are matched by URL among this frame's children.
  let children: Array<{ frameId: number; parentFrameId: number; url: string }> = [];
  if (snapshot.frames.some((frame) => frame.frameId === null)) {
    children = (await context.browser?.listFrames(tabId).catch(() => []) ?? []).filter((frame) => frame.parentFrameId === frameId);
  }
  let lines = snapshot.text.split('\n');
  for (const frame of snapshot.frames) {
    let childId = frame.frameId;
    if (childId === null) {
      const index = children.findIndex((child) => child.url === frame.src);
      childId = index >= 0 ? (children.splice(index, 1)[0]?.frameId ?? null) : null;
    }
    const at = lines.findIndex((line) => line.includes(`[ref=${frame.ref}]`));
    // A frame that is not read (no line to go under, or no id) still counts as handled.
    if (count && (at < 0 || childId === null)) count.frames_done++;
    if (at < 0) continue;
    const indent = /^\s*/.exec(lines[at] ?? '')?.[0] ?? '';
    let inner: string[];
    if (childId === null) inner = [`${indent}  - text: (frame content unavailable: its frame id is unknown)`];
    else {
      try {
        const child = await snapshotFrame(context, tabId, childId, { filter: options.filter, ...(options.maxDepth ? { maxDepth: options.maxDepth } : {}) }, nesting + 1, count);
        inner = child.text ? child.text.split('\n').map((line) => `${indent}  ${line}`) : [];
        snapshot.nodeCount += child.nodeCount;
        snapshot.truncated ||= child.truncated;
      } catch (error) {
        inner = [`${indent}  - text: (frame content unavailable: ${toErrorPayload(error).code})`];
        if (count) count.frames_done++;
      }
    }
    if (inner.length === 0) continue;
    lines = [...lines.slice(0, at), `${lines[at]}:`, ...inner, ...lines.slice(at + 1)];
  }
  return { ...snapshot, text: lines.join('\n') };
}

/** Reads the page (or a subtree) as a tree of roles, names, states and refs. */
export const readPage = buildTool<typeof inputSchema, string, ReadPageProgress>({
  name: 'read_page',
  aliases: ['browser_snapshot', 'get_accessibility_tree', 'snapshot'],
  isEnabled: pageToolEnabled,
  searchHint: 'accessibility tree snapshot refs elements structure',
  inSimpleMode: true,
  outputIsUntrusted: true,
  inputSchema,
  prompt: [
    'Reads the current page as an accessibility-style tree, one element a line, e.g. `- button "Submit" [ref=e12]`, `- textbox "Email" [ref=e7]: current value`, `- heading "Prices" [level=2] [ref=e3]`, with states like [checked] [disabled] [expanded] [selected], link targets as `- /url:` lines and placeholders as `- /placeholder:` lines.',
    'Refs (e12; f3e12 inside frame 3) name elements for click, type, fill_form, select_option, hover, scroll and press_key. They stay valid while the element exists; after the page changes a lot or navigates, call read_page again.',
    'Use filter "interactive" for a short list of controls when you only need to act; use "all" to understand the page. Use ref to read one part (a form, a dialog). Includes open shadow DOM and iframes; hidden elements are left out.',
    'For the article text as Markdown use get_page_text; to locate one element by words use find.',
  ].join('\n'),
  description: (input) => `Read the page${input.filter === 'interactive' ? ' (interactive elements)' : ''}${input.ref ? ` under ${input.ref}` : ''}`,
  permissionSubject: (input, context) => tabOrigin(input, context),
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  interruptBehavior: () => 'cancel',
  maxResultSizeChars: 50_000,
  async call(input, context, _canUseTool, _parent, onProgress) {
    const tabId = targetTab(input, context);
    const { frameId, local } = input.ref ? splitRef(input.ref) : { frameId: 0, local: undefined };
    const count: FrameCount = { frames_done: 0, frames_total: 1, report: onProgress };
    const snapshot = await snapshotFrame(context, tabId, frameId, { filter: input.filter, ...(local ? { ref: local } : {}), ...(input.max_depth ? { maxDepth: input.max_depth } : {}) }, 0, count);
    if (!snapshot.text && input.ref) {
      throw new ToolError('ELEMENT_NOT_VISIBLE', `${input.ref} has no visible content.`, { suggestion: 'Call read_page without ref to see the whole page.' });
    }
    const header = `Page: ${snapshot.title || '(untitled)'} — ${snapshot.url}`;
    const notes: string[] = [];
    if (snapshot.truncated) notes.push(`(Deeper levels were left out by max_depth=${input.max_depth}; read a subtree with ref to see them.)`);
    return { data: [header, snapshot.text || '(no visible content)', ...notes].join('\n') };
  },
});
