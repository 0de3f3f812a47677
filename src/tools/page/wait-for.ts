/** `wait_for`: waits until text appears or disappears, or for a number of seconds; reports progress. */
import { z } from 'zod';
import { ToolError, isToolErrorLike } from '../../runtime/errors.js';
import { buildTool, type ValidationResult } from '../../runtime/tool.js';
import { sendPageCommand, sleep, tabIdField, tabOrigin, targetTab } from './page-call.js';
import { pageToolEnabled } from '../availability.js';

const inputSchema = z.strictObject({
  text: z.string().min(1).max(500).optional().describe('Wait until this text is visible on the page (case-insensitive).'),
  text_gone: z.string().min(1).max(500).optional().describe('Wait until this text is no longer visible on the page, e.g. "Loading…" (case-insensitive).'),
  seconds: z.number().min(0.1).max(30).default(10).describe('The longest wait, in seconds (0.1–30, default 10).'),
  tab_id: tabIdField(),
});

/** Progress while waiting: how long so far and what for. */
export interface WaitProgress {
  elapsed_seconds: number;
  waiting_for: string;
}

const POLL_MS = 250;

/** Waits for text to appear/disappear (or a plain delay). */
export const waitFor = buildTool<typeof inputSchema, string, WaitProgress>({
  name: 'wait_for',
  aliases: ['wait', 'browser_wait_for'],
  isEnabled: pageToolEnabled,
  searchHint: 'wait until text appears loading finished delay',
  outputIsUntrusted: true,
  inputSchema,
  prompt: [
    'Waits until text appears on the page (text), until text disappears (text_gone), or both, checking a few times a second for up to seconds (max 30, default 10). Without text or text_gone it just waits that long.',
    'Returns how long it waited. If the time runs out it fails with TIMEOUT and says what was still missing. Use it after an action that loads something (search results, a spinner) before reading the page again.',
  ].join('\n'),
  description: (input) => (input.text ? `Wait for “${input.text}”` : input.text_gone ? `Wait for “${input.text_gone}” to go away` : `Wait ${input.seconds} s`),
  validateInput: (input): ValidationResult =>
    input.text && input.text === input.text_gone
      ? { ok: false, message: 'text and text_gone are the same.', suggestion: 'Wait for one text to appear or another to go away.' }
      : { ok: true },
  permissionSubject: (input, context) => tabOrigin(input, context),
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  interruptBehavior: () => 'cancel',
  maxResultSizeChars: 2_000,
  async call(input, context, _canUseTool, _parent, onProgress) {
    const signal = context.abortController.signal;
    const started = Date.now();
    const waitingFor =
      [input.text ? `“${input.text}” to appear` : '', input.text_gone ? `“${input.text_gone}” to disappear` : ''].filter(Boolean).join(' and ') ||
      `${input.seconds} s`;
    const elapsed = () => (Date.now() - started) / 1000;
    if (!input.text && !input.text_gone) {
      while (elapsed() < input.seconds) {
        onProgress({ elapsed_seconds: Math.round(elapsed() * 10) / 10, waiting_for: waitingFor });
        await sleep(Math.min(1000, input.seconds * 1000 - (Date.now() - started)), signal);
      }
      return { data: `Waited ${input.seconds} s.` };
    }
    const tabId = targetTab(input, context);
    for (;;) {
      try {
        const state = await sendPageCommand(context, tabId, {
          type: 'text_present',
          ...(input.text ? { text: input.text } : {}),
          ...(input.text_gone ? { textGone: input.text_gone } : {}),
        });
        const appeared = input.text ? state.textFound === true : true;
        const gone = input.text_gone ? state.textGone === true : true;
        if (appeared && gone)
          return { data: `Done after ${elapsed().toFixed(1)} s: ${waitingFor.replace(/to appear/, 'appeared').replace(/to disappear/, 'disappeared')}.` };
      } catch (error) {
        // The page may be between documents while it loads; keep waiting. Anything else is real.
        if (!isToolErrorLike(error) || !['NAVIGATED', 'NOT_INJECTABLE', 'STALE_REF', 'TIMEOUT'].includes(error.code) || signal.aborted) throw error;
      }
      if (elapsed() >= input.seconds) {
        throw new ToolError('TIMEOUT', `Waited ${input.seconds} s for ${waitingFor}, but it did not happen.`, {
          suggestion: 'Call read_page or screenshot to see what the page shows now; it may need an action first, or more time (seconds up to 30).',
        });
      }
      onProgress({ elapsed_seconds: Math.round(elapsed() * 10) / 10, waiting_for: waitingFor });
      await sleep(POLL_MS, signal);
    }
  },
});
