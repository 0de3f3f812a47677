/** `read_page`: the page as an accessibility-style tree with refs, frames stitched in. */
import { z } from 'zod';
import type { ToolUseContext } from '../../runtime/context.js';
import type { LedgerRead } from '../../runtime/data-ledger.js';
import { ToolError, toErrorPayload } from '../../runtime/errors.js';
import { buildTool } from '../../runtime/tool.js';
import type { PageResultOf } from '../../shared/protocol/page.js';
import { oneLine } from '../../shared/untrusted-text.js';
import { frameNote, frameReader, matchFrame, MAX_FRAME_NESTING, type FrameReader } from './frames.js';
import { originOf } from '../../runtime/permission-rules.js';
import { framePrefix, readDocument, refField, sendPageCommand, splitRef, tabIdField, tabOrigin, targetTab } from './page-call.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  filter: z
    .enum(['all', 'interactive'])
    .default('all')
    .describe(
      '"all" (default): headings, text, lists, tables and controls. "interactive": only things you can act on (links, buttons, fields; a data grid\'s rows of cells, each with its column), as a flat list — much shorter.',
    ),
  ref: refField('Read only the subtree under this element (e.g. a form or a dialog); default: the whole page.').optional(),
  max_depth: z
    .number()
    .int()
    .min(1)
    .max(200)
    .optional()
    .describe('How many levels of nesting to show (1–200). Default: all. Deeper nodes are left out and the result says so.'),
  tab_id: tabIdField(),
});

type Snapshot = PageResultOf<'snapshot'>;
type SnapshotOptions = { filter: 'all' | 'interactive'; ref?: string; maxDepth?: number };

/** How far a read is on a page with frames: frames read of those found so far (the total grows as frames turn up). */
export interface ReadPageProgress {
  frames_done: number;
  frames_total: number;
}

/** Counts frames as they are found and handled (read, or named with why not), and reports it. */
class FrameCount {
  private progress: ReadPageProgress = { frames_done: 0, frames_total: 1 };
  constructor(private readonly report: (progress: ReadPageProgress) => void) {}
  found(frames: number): void {
    this.progress.frames_total += frames;
  }
  handled(): void {
    this.progress.frames_done++;
    if (this.progress.frames_total > 1) this.report({ ...this.progress });
  }
}

/**
 * Snapshots one frame and, recursively and in parallel, the frames inside it; each child tree goes
 * under its iframe's line, found by the line number the content script gave (never by searching the
 * text). A child frame that cannot be read is named with the reason, within the read's frame budget.
 */
async function snapshotFrame(
  context: ToolUseContext,
  tabId: number,
  frameId: number,
  options: SnapshotOptions,
  nesting: number,
  frames: FrameReader,
  count: FrameCount,
  reads: FrameReads,
  timeoutMs?: number,
): Promise<Snapshot> {
  const command = {
    type: 'snapshot' as const,
    filter: options.filter,
    refPrefix: framePrefix(frameId),
    ...(options.ref ? { ref: options.ref } : {}),
    ...(options.maxDepth ? { maxDepth: options.maxDepth } : {}),
  };
  const snapshot = await sendPageCommand(context, tabId, command, frameId, timeoutMs);
  // This frame's own lines are its origin's (a framed bank is not the page that frames it).
  const origin = reads.add(snapshot.url, snapshot.text);
  context.snapshots.rememberDocument(tabId, frameId, snapshot.documentId);
  context.snapshots.update(tabId, frameId === 0 ? snapshot.url : (context.snapshots.get(tabId)?.url ?? snapshot.url), snapshot.elements);
  count.found(snapshot.frames.length);
  count.handled();
  if (snapshot.frames.length === 0) return snapshot;

  const lines = snapshot.text.split('\n');
  const indentOf = (line: number) => /^\s*/.exec(lines[line] ?? '')?.[0] ?? '';
  const childOptions = { filter: options.filter, ...(options.maxDepth ? { maxDepth: options.maxDepth } : {}) };
  const tree = nesting < MAX_FRAME_NESTING ? await frames.tree() : [];
  const claimed = new Set<number>();
  const inserts = await Promise.all(
    snapshot.frames.map(async (marker): Promise<{ line: number; inner: string[] }> => {
      const indent = indentOf(marker.line);
      const unread = (note: string) => {
        count.handled();
        return { line: marker.line, inner: [frameNote(indent, note)] };
      };
      if (nesting >= MAX_FRAME_NESTING) return unread(`frames nested more than ${MAX_FRAME_NESTING} deep are not read`);
      const match = matchFrame(tree, frameId, marker, claimed);
      if ('missing' in match) return unread(match.missing);
      const wait = frames.waitLeft();
      try {
        const child = await snapshotFrame(context, tabId, match.frameId, childOptions, nesting + 1, frames, count, reads.inside(origin), wait);
        snapshot.nodeCount += child.nodeCount;
        snapshot.truncated ||= child.truncated;
        const inner = child.text ? child.text.split('\n').map((line) => `${indent}  ${line}`) : [];
        if (match.loading) inner.push(`${indent}  - text: (this frame is still loading: the above is what has arrived)`);
        return { line: marker.line, inner };
      } catch (error) {
        const { code } = toErrorPayload(error);
        return unread(code === 'TIMEOUT' ? `it did not answer within ${(wait / 1000).toFixed(1)} s` : code);
      }
    }),
  );
  // From the last line up, so earlier line numbers still hold.
  for (const { line, inner } of inserts.sort((a, b) => b.line - a.line)) {
    if (inner.length === 0) continue;
    lines.splice(line, 1, `${lines[line] ?? ''}:`, ...inner);
  }
  return { ...snapshot, text: lines.join('\n') };
}

/**
 * Each frame's own text with the origin it came from, for the data ledger (`ToolResult.reads`). A frame
 * whose address names no origin (about:blank, srcdoc) holds what its parent wrote: it takes the parent's.
 */
class FrameReads {
  constructor(
    readonly list: LedgerRead[] = [],
    private readonly parent: string | undefined = undefined,
  ) {}
  add(url: string, text: string): string | undefined {
    const origin = originOf(url) ?? this.parent;
    if (origin !== undefined) this.list.push({ origin, text });
    return origin;
  }
  inside(origin: string | undefined): FrameReads {
    return new FrameReads(this.list, origin);
  }
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
    'Reads the current page as an accessibility-style tree, one element a line, e.g. `- button "Submit" [ref=e12]`, `- textbox "Email" [ref=e7]: current value`, `- heading "Prices" [level=2] [ref=e3]`, with states like [checked] [disabled] [expanded] [selected] [readonly], link targets as `(url: /home)` and placeholders as `- /placeholder:` lines.',
    'A field marked [readonly] [picker=date] takes its date from a calendar, not typing: click it, then click the day by its name (`gridcell "January 10, 2027"`); the calendar\'s `button "next month"` and `button "previous month"` change the month.',
    "A rich-text editor's value is light Markdown: **bold**, *italic*, ~~struck~~, `- ` and `1. ` list items, `# ` headings, [link](url). The marks are its formatting, not its text: typing them types the characters.",
    'A control that repeats says where it is (`button "Add card" in "To do"`); a card a person drags reads `draggable "Pay invoice"` (for drag).',
    'Refs (e12; f3e12 inside frame 3) name elements for the page tools. They stay valid while the element exists; after the page navigates, call read_page again.',
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
    const reads = new FrameReads();
    const snapshot = await snapshotFrame(
      context,
      tabId,
      frameId,
      { filter: input.filter, ...(local ? { ref: local } : {}), ...(input.max_depth ? { maxDepth: input.max_depth } : {}) },
      0,
      frameReader(context, tabId),
      new FrameCount(onProgress),
      reads,
    );
    if (!snapshot.text && input.ref) {
      throw new ToolError('ELEMENT_NOT_VISIBLE', `${input.ref} has no visible content.`, { suggestion: 'Call read_page without ref to see the whole page.' });
    }
    const header = `Page: ${oneLine(snapshot.title, 300) || '(untitled)'} — ${oneLine(snapshot.url, 2_000)}`;
    const notes: string[] = [];
    if (snapshot.truncated) notes.push(`(Deeper levels were left out by max_depth=${input.max_depth}; read a subtree with ref to see them.)`);
    // The tab's page, even when the read was of a subtree inside a frame with a URL of its own.
    const pageUrl = frameId === 0 ? snapshot.url : (context.snapshots.get(tabId)?.url ?? snapshot.url);
    const view = [input.filter, input.ref ? `under ${input.ref}` : '', input.max_depth ? `depth ${input.max_depth}` : ''].filter(Boolean).join(' ');
    const pageOrigin = originOf(pageUrl);
    return {
      data: [header, snapshot.text || '(no visible content)', ...notes].join('\n'),
      readScope: { document: readDocument(tabId, pageUrl), view, whole: view === 'all' && !snapshot.truncated },
      reads: pageOrigin ? [{ origin: pageOrigin, text: header }, ...reads.list] : reads.list,
    };
  },
});
