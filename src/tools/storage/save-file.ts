/** `save_file`: saves text the agent wrote as a file in the person's downloads folder. */
import { z } from 'zod';
import { ToolError } from '../../runtime/errors.js';
import { buildTool, type ValidationResult } from '../../runtime/tool.js';
import { savedFileIsActive } from '../safety/destructive.js';
import { browserToolEnabled } from '../availability.js';

const MAX_CONTENT_CHARS = 5_000_000;

const inputSchema = z.strictObject({
  filename: z
    .string()
    .min(1)
    .max(200)
    .describe(
      'A plain file name with an extension, e.g. "summary.md" or "prices.csv" (1–200 characters). No folders: "/" and "\\" are refused. Characters that are not allowed in file names become "_".',
    ),
  content: z
    .string()
    .max(MAX_CONTENT_CHARS)
    .describe(`The file's text content, at most ${MAX_CONTENT_CHARS.toLocaleString('en')} characters (saved as UTF-8).`),
  mime_type: z
    .string()
    .max(100)
    .regex(/^[\w.+-]+\/[\w.+-]+$/, 'a MIME type such as text/plain')
    .default('text/plain')
    .describe('The MIME type, e.g. "text/plain" (default), "text/markdown", "text/csv", "application/json", "text/html".'),
});

/** What `save_file` returns. */
export interface SaveFileOutput {
  download_id: number;
  filename: string;
  bytes: number;
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/**
 * Checks that a name is a single file name, not a path: the downloads API resolves names relative to
 * the downloads folder, and "../" or an absolute path must never reach it (a model could be talked
 * into writing over a file elsewhere by page content).
 */
export function checkFilename(filename: string): ValidationResult {
  if (/[/\\]/.test(filename) || /^\.+$/.test(filename.trim()) || /^[a-z]:/i.test(filename)) {
    return {
      ok: false,
      code: 'INVALID_FILENAME',
      message: `"${filename}" is a path, not a plain file name; files are saved only directly in the downloads folder.`,
      suggestion: 'Give a plain name without folders, e.g. "report.md".',
    };
  }
  return { ok: true };
}

/** Makes a plain file name safe for every platform's downloads folder (after `checkFilename`). */
export function sanitizeFilename(filename: string): string {
  // Control characters and characters reserved on Windows/macOS become "_"; leading dots would hide
  // the file and trailing dots/spaces are dropped by Windows.
  let name = filename
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (WINDOWS_RESERVED.test(name)) name = `_${name}`;
  return name || 'download.txt';
}

/** Saves a file through the browser's downloads. */
export const saveFile = buildTool<typeof inputSchema, SaveFileOutput>({
  name: 'save_file',
  isEnabled: browserToolEnabled,
  searchHint: 'download export text document to disk',
  inputSchema,
  prompt: [
    'Saves text you wrote (a summary, notes, a CSV or JSON export) as a file in the person’s downloads folder.',
    'Returns JSON `{download_id, filename, bytes}` with the file name actually used (unsafe characters become "_"; the browser may add " (1)" if the name exists).',
    'Give a plain file name: folders and paths such as "../x" are refused with INVALID_FILENAME.',
    'To keep notes for yourself across conversations use memory_write instead.',
  ].join('\n'),
  description: (input) => `Save ${sanitizeFilename(input.filename)} (${input.content.length} characters) to downloads`,
  validateInput: (input) => checkFilename(input.filename),
  // Why: a program, script or HTML file saved at a page's suggestion is one click from running; ask first.
  isDestructive: (input) => savedFileIsActive(sanitizeFilename(input.filename)).destructive,
  interruptBehavior: () => 'block',
  shouldDefer: true,
  maxResultSizeChars: 2_000,
  async call(input, context) {
    if (!context.browser) {
      throw new ToolError('NO_BROWSER', 'This run has no browser attached, so files cannot be saved.', {
        suggestion: 'Give the content to the person in your reply instead.',
      });
    }
    const filename = sanitizeFilename(input.filename);
    const { downloadId } = await context.browser.download({ filename, content: input.content, mimeType: input.mime_type });
    return { data: { download_id: downloadId, filename, bytes: new TextEncoder().encode(input.content).length } };
  },
});
