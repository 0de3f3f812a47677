/**
 * `upload_file`: puts files into a file input (its own, the one behind a styled "Choose file" button or
 * label) or drops them on a drop zone. How the files reach the page, and why that way: src/content/upload.ts.
 */
import { z } from 'zod';
import type { ToolUseContext } from '../../runtime/context.js';
import { isToolErrorLike } from '../../runtime/errors.js';
import { buildTool, type ValidationResult } from '../../runtime/tool.js';
import type { NetworkEntry } from '../../runtime/devtools.js';
import { currentUrl, tabOf } from './page-call.js';
import { opinion } from '../safety/judge.js';
import { checkFilename } from '../storage/save-file.js';
import { performAction } from './act.js';
import { describeRef, refField, sendPageCommand, splitRef, tabIdField, tabOrigin, targetTab, validateKnownRefs } from './page-call.js';
import { MAX_TOTAL_BYTES, prepareUpload, sizeText, uploadFacts, uploadFlows, type FileSpec, type PreparedUpload } from './upload-content.js';
import { pageToolEnabled } from '../availability.js';

const fileName = z.string().min(1).max(200).describe('The file name the page sees, with its extension ("receipt.txt", "data.csv").');

const fileSpec = z.union([
  z.strictObject({ name: fileName, content: z.string().max(MAX_TOTAL_BYTES).describe('The file’s text (saved as UTF-8).') }),
  z.strictObject({
    name: fileName,
    from_result: z.string().min(1).max(200).describe('The id of a stored long result (as its preview names it): the file holds its whole text.'),
  }),
  z.strictObject({
    screenshot: z.literal(true).describe('A PNG of the visible tab, taken now.'),
    name: fileName.optional().describe('Default "screenshot.png".'),
  }),
]);

const inputSchema = z.strictObject({
  ref: refField('The file input, the button or label that opens it ("Choose file", "Attach"), or the drop zone ("Drop files here").'),
  files: z.array(fileSpec).min(1).max(10).describe('1–10 files: each {name, content}, {name, from_result} or {screenshot: true}.'),
  tab_id: tabIdField(),
});
type Input = z.output<typeof inputSchema>;

/**
 * The call's files and target, made once (in validateInput, before anyone is asked) and reused by the
 * judgement and the call: what is shown is what is sent. Keyed by the call's input object, which the
 * executor passes unchanged through every stage.
 */
const prepared = new WeakMap<object, Promise<PreparedUpload>>();
const prepare = (input: Input, context: ToolUseContext): Promise<PreparedUpload> => {
  let made = prepared.get(input);
  if (!made) {
    made = prepareUpload(context, { ...input, files: input.files as FileSpec[] });
    prepared.set(input, made);
  }
  return made;
};

async function validate(input: Input, context: ToolUseContext): Promise<ValidationResult> {
  const known = validateKnownRefs(context, input, [input.ref]);
  if (!known.ok) return known;
  for (const file of input.files) {
    const named = 'name' in file && file.name !== undefined ? checkFilename(file.name) : { ok: true as const };
    if (!named.ok)
      return { ...named, message: named.message.replace('files are saved only directly in the downloads folder', 'a page receives a file by its name alone') };
  }
  try {
    await prepare(input, context);
    return { ok: true };
  } catch (error) {
    prepared.delete(input);
    if (!isToolErrorLike(error)) throw error;
    return { ok: false, code: error.code, message: error.message, suggestion: error.suggestion ?? 'Call read_page to see the page as it is now.' };
  }
}

const UPLOAD_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** How long an upload request the act started may take to be answered before the result says "no answer yet". */
const ANSWER_MS = 5_000;
const POLL_MS = 100;

const freshUploads = (entries: readonly NetworkEntry[], known: ReadonlySet<string>) =>
  entries.filter((entry) => !known.has(entry.id) && UPLOAD_METHODS.has(entry.method));

/** The tab's requests once every upload request the act started has its answer (or failed), or ANSWER_MS has passed. */
async function answered(list: () => Promise<readonly NetworkEntry[] | undefined>, known: ReadonlySet<string>, signal: AbortSignal) {
  const started = Date.now();
  let entries = await list();
  while (entries && Date.now() - started < ANSWER_MS && !signal.aborted) {
    const pending = freshUploads(entries, known).filter((entry) => entry.status === undefined && !entry.failed);
    if (pending.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    entries = await list();
  }
  return entries;
}

/** The upload requests the tab made since `known` was listed: what the page did with the files. */
function requestLine(entries: readonly NetworkEntry[], known: ReadonlySet<string>): string | undefined {
  const fresh = freshUploads(entries, known);
  if (fresh.length === 0) return 'no upload request was seen yet (the page may send the files when its form is submitted)';
  const shown = fresh.slice(-3).map((entry) => {
    const path = (() => {
      try {
        return new URL(entry.url).pathname;
      } catch {
        return entry.url;
      }
    })();
    const outcome = entry.failed
      ? `failed (${entry.failed})`
      : entry.status !== undefined
        ? `${entry.status}${entry.statusText ? ` ${entry.statusText}` : ''}`
        : 'no answer yet';
    return `${entry.method} ${path} → ${outcome}`;
  });
  return `upload request${fresh.length === 1 ? '' : 's'} seen: ${shown.join('; ')}`;
}

/** Uploads files by ref. */
export const uploadFile = buildTool<typeof inputSchema, string>({
  name: 'upload_file',
  aliases: ['browser_file_upload', 'set_input_files'],
  isEnabled: pageToolEnabled,
  searchHint: 'attach send files to a file input or drop zone',
  inputSchema,
  prompt: [
    'Uploads files: puts them into a file input — give its ref, or the ref of the button or label that opens it ("Choose file", "Attach receipt"; the hidden input behind it is found) — or drops them on a drop zone ("Drop files here").',
    'Each file is {name, content} (text you write), {name, from_result} (a stored long result, by the id its preview names) or {screenshot: true} (a PNG of the tab now). The file’s bytes are not shown to you again.',
    'Returns one line: what the input holds now, what the page did (a preview or file name appeared, an upload request and its status) or "no other visible change". NOT_A_FILE_TARGET: the ref is none of these; FILE_TYPE_NOT_ACCEPTED lists what the input accepts.',
  ].join('\n'),
  description: (input, context) => {
    const names = input.files.map((file) => ('screenshot' in file ? (file.name ?? 'a screenshot of the tab') : file.name));
    return `Upload ${names.join(', ')} to ${describeRef(context, input, input.ref)}`;
  },
  validateInput: (input, context) => validate(input, context),
  permissionSubject: (input, context) => tabOrigin(input, context),
  // An upload sends the files to the page's origin: read data in them is judged as data leaving (the ledger),
  // and the act itself is left to the mode, with the names, sizes and first lines shown.
  async checkPermissions(input, context) {
    const upload = await prepare(input, context);
    const tabId = tabOf(input, context);
    const names = upload.files.map((file) => `${file.name} (${sizeText(file.size)})`).join(', ');
    const where =
      upload.target.kind === 'drop'
        ? `drops ${names} on ${upload.target.label}`
        : `puts ${names} into the file input ${upload.target.input ?? upload.target.label}`;
    return opinion({
      effect: { summary: `${where} of ${upload.target.origin}` },
      facts: uploadFacts(upload),
      flows: uploadFlows(context, upload),
      tabId,
      tabUrl: await currentUrl(context, tabId),
    });
  },
  interruptBehavior: () => 'block',
  shouldDefer: true,
  maxResultSizeChars: 4_000,
  async call(input, context) {
    const upload = await prepare(input, context);
    prepared.delete(input);
    const tabId = targetTab(input, context);
    const { frameId, local } = splitRef(input.ref);
    const devtools = context.browser?.devtools;
    // Listing the tab's requests before the act starts capturing them, so the upload request is seen.
    const before = await devtools?.network(tabId, context.agentId).catch(() => undefined);
    const known = new Set((before?.entries ?? []).map((entry) => entry.id));
    let held: string[] = [];
    const { line, reads } = await performAction(
      context,
      { tabId, frameId, ref: local, what: `Uploaded to ${describeRef(context, input, input.ref)}` },
      async () => {
        const documentId = context.snapshots.knownDocument(tabId, frameId);
        const files = upload.files.map(({ name, type, size, base64 }) => ({ name, type, size, base64 }));
        const result = await sendPageCommand(context, tabId, { type: 'upload', ref: local, ...(documentId ? { documentId } : {}), files }, frameId);
        held = result.held;
        return { done: result.summary, via: '(files set by script, with the events a person’s pick or drop fires)' };
      },
    );
    // The upload the page started is waited for (bounded): its status is what says whether it worked.
    const listed = () =>
      devtools?.network(tabId, context.agentId).then(
        (window) => window.entries,
        () => undefined,
      ) ?? Promise.resolve(undefined);
    const after = before ? await answered(listed, known, context.abortController.signal) : undefined;
    const requests = after ? requestLine(after, known) : undefined;
    const holds = upload.target.kind === 'input' ? `the input holds ${held.length === 0 ? 'no file' : held.join(', ')}` : undefined;
    // What the page shows of the files once the request is answered (a preview marked done or failed).
    const documentId = context.snapshots.knownDocument(tabId, frameId);
    const names = upload.files.map((file) => file.name);
    const shown = await sendPageCommand(context, tabId, { type: 'upload_shown', ref: local, ...(documentId ? { documentId } : {}), names }, frameId).then(
      (result) => result.shown,
      () => [],
    );
    const extra = [holds, ...shown, requests].filter((part): part is string => part !== undefined);
    return { data: extra.length > 0 ? `${line}\n${extra.join('; ')}.` : line, reads };
  },
});
