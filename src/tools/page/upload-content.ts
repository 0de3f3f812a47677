/**
 * The files an `upload_file` call sends, made once per call and kept for it: what the model wrote, a stored
 * over-budget result read back from the result store, or a PNG of the tab captured now. The same bytes are
 * judged (names, sizes, first lines, where the data came from) and then sent, so the page never receives a
 * file other than the one the person was shown. The bytes never enter the model's context: its result
 * names the files and their sizes only.
 */
import type { ToolUseContext } from '../../runtime/context.js';
import { ToolError } from '../../runtime/errors.js';
import type { DataFlow, PromptFact } from '../../runtime/permission-types.js';
import { readStoredResult } from '../../runtime/budget.js';
import type { PageResultOf } from '../../shared/protocol/page.js';
import { flowsTo } from '../safety/data-flow.js';
import { shown } from '../safety/judge.js';
import { siteOf } from '../safety/sites.js';
import { imageOrigins } from './screenshot.js';
import { requireBrowser, sendPageCommand, splitRef, targetTab, type TabInput } from './page-call.js';

/** One file as the model asks for it. */
export type FileSpec = { name: string; content: string } | { name: string; from_result: string } | { screenshot: true; name?: string | undefined };

/** All files of one call together: more would not cross to the page in one message, and no form wants it. */
export const MAX_TOTAL_BYTES = 10 * 1024 * 1024;

/** A file ready to send, with what judging it needs. */
export interface PreparedFile {
  name: string;
  type: string;
  size: number;
  base64: string;
  /** Its text, for a text file (what the ledger is asked about, and the first lines a prompt shows). */
  text?: string;
  /** For a screenshot: the origins the capture shows (the tab's frames at capture time). */
  imageOrigins?: string[];
}

/** What a call will put where. */
export interface PreparedUpload {
  files: PreparedFile[];
  target: PageResultOf<'file_target'>;
}

const TYPES: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  xml: 'application/xml',
  html: 'text/html',
  htm: 'text/html',
  svg: 'image/svg+xml',
  png: 'image/png',
  ics: 'text/calendar',
  vcf: 'text/vcard',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  log: 'text/plain',
};

/** The MIME type a file's extension implies (text/plain when unknown: the content is text the model wrote). */
export function typeOfName(name: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return TYPES[extension] ?? 'text/plain';
}

function base64OfText(text: string): { base64: string; size: number } {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { base64: btoa(binary), size: bytes.length };
}

/** Whether an input's `accept` list takes a file of this name and type ('' takes any). */
export function accepts(accept: string, name: string, type: string): boolean {
  const tokens = accept
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.length === 0) return true;
  const lowerName = name.toLowerCase();
  return tokens.some((token) =>
    token.startsWith('.') ? lowerName.endsWith(token) : token.endsWith('/*') ? type.startsWith(token.slice(0, -1)) : type === token,
  );
}

async function prepareFile(context: ToolUseContext, input: TabInput, spec: FileSpec): Promise<PreparedFile> {
  if ('screenshot' in spec) {
    const browser = requireBrowser(context);
    const tabId = targetTab(input, context);
    const tab = await browser.getTab(tabId);
    const image = await browser.captureVisibleTab(tabId); // no options: full size, PNG
    const name = spec.name ?? 'screenshot.png';
    const origins = (await imageOrigins(context, tabId, tab.url)).map((read) => read.origin);
    return { name, type: 'image/png', size: Math.floor((image.data.replace(/=+$/, '').length * 3) / 4), base64: image.data, imageOrigins: origins };
  }
  let text: string;
  if ('content' in spec) text = spec.content;
  else {
    const record = await readStoredResult(context.resultStore, spec.from_result, 0, Number.MAX_SAFE_INTEGER);
    text = record.content;
  }
  return { name: spec.name, type: typeOfName(spec.name), text, ...base64OfText(text) };
}

/** Reads the ref's file target and makes every file; every refusal is the call's, before anyone is asked. */
export async function prepareUpload(context: ToolUseContext, input: TabInput & { ref: string; files: readonly FileSpec[] }): Promise<PreparedUpload> {
  const tabId = targetTab(input, context);
  const { frameId, local } = splitRef(input.ref);
  const documentId = context.snapshots.knownDocument(tabId, frameId);
  const target = await sendPageCommand(context, tabId, { type: 'file_target', ref: local, ...(documentId ? { documentId } : {}) }, frameId);
  if (!target.multiple && input.files.length > 1) {
    throw new ToolError('TOO_MANY_FILES', `${target.input ?? target.label} takes one file, and ${input.files.length} were given.`, {
      suggestion: 'Upload one file, or look for another field for the others.',
    });
  }
  const files: PreparedFile[] = [];
  for (const spec of input.files) files.push(await prepareFile(context, input, spec));
  const refused = files.filter((file) => !accepts(target.accept, file.name, file.type));
  if (refused.length > 0) {
    throw new ToolError(
      'FILE_TYPE_NOT_ACCEPTED',
      `${target.input ?? target.label} accepts ${target.accept}; ${refused.map((file) => file.name).join(', ')} is not among them.`,
      {
        suggestion: `Give the file a name and content of an accepted type (${target.accept}).`,
        details: { accept: target.accept },
      },
    );
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > MAX_TOTAL_BYTES) {
    throw new ToolError('FILES_TOO_LARGE', `The files come to ${sizeText(total)}; one call sends at most ${sizeText(MAX_TOTAL_BYTES)}.`, {
      suggestion: 'Upload fewer or smaller files in one call.',
    });
  }
  return { files, target };
}

/** A size as a person reads it. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The first lines of a text file, as a prompt shows them. */
function firstLines(text: string, lines = 3): string {
  const head = text.split(/\r\n?|\n/).slice(0, lines);
  return head.map((line) => shown(line, 120)).join(' ⏎ ');
}

/** What the person is shown: each file's name and size, and the first lines of a text file. */
export function uploadFacts(prepared: PreparedUpload): PromptFact[] {
  const facts: PromptFact[] = [
    { label: 'Where', value: shown(prepared.target.kind === 'drop' ? `dropped on ${prepared.target.label}` : prepared.target.label) },
  ];
  for (const file of prepared.files) {
    facts.push({ label: 'File', value: shown(`${file.name} (${sizeText(file.size)}${file.imageOrigins ? ', a screenshot of this tab' : ''})`) });
    if (file.text !== undefined) facts.push({ label: 'It begins', value: file.text.trim() === '' ? '(empty)' : firstLines(file.text) });
  }
  return facts;
}

/**
 * The read data the files carry to the page's origin: a text file's content is asked of the ledger like any
 * text sent; a screenshot carries what every other origin in the tab showed when it was taken.
 */
export function uploadFlows(context: ToolUseContext, prepared: PreparedUpload): DataFlow[] {
  const destination = prepared.target.origin;
  const to = siteOf(destination) ?? destination;
  return prepared.files.flatMap((file) => {
    if (file.text !== undefined) return flowsTo(context, file.text, destination);
    return (file.imageOrigins ?? [])
      .filter((origin) => (siteOf(origin) ?? origin) !== to)
      .map((origin) => ({ from: origin, to, text: `a screenshot of the tab (${file.name})`, seen: 'screenshot' as const }));
  });
}
