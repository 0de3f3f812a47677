/**
 * The side panel as a person uses it: open it ready to send, send a message, find a tool call's line;
 * and drive one task through it, answering every permission prompt that appears with the answer `decide`
 * picks (reading the prompt as it is shown), until the model's final text appears.
 */
import type { Page } from 'playwright-core';
import type { ExtensionHarness } from './extension.js';

/** One prompt as the person saw it. */
export interface PromptSeen {
  toolUseId: string;
  tool: string;
  /** Marked as dangerous (destructive, data leaving, several sites): Deny has the focus. */
  flagged: boolean;
  /** The dialog's text: what it will do, the facts, why it asks. */
  text: string;
  answer: string;
}

/** The answer a person gives to a prompt (a button label). */
export type Decide = (prompt: Omit<PromptSeen, 'answer'>) => 'Allow once' | 'Allow for this task' | 'Always allow on this site' | 'Approve plan' | 'Deny';

/** Opens the panel on `tabId` and waits until it can send. */
export async function openReadyPanel(ext: ExtensionHarness, tabId: number): Promise<Page> {
  const panel = await ext.openPanel(tabId);
  await waitReady(panel);
  return panel;
}

/** Waits until a panel page that has just loaded can send. */
export const waitReady = (panel: Page) => panel.locator('textarea[aria-label="Message"]:not([placeholder="Connecting…"])').waitFor();

/** Types a message into the panel and sends it: with the Send button, or with the Enter key as a person at the keyboard does. */
export async function send(panel: Page, text: string, options: { by?: 'button' | 'Enter' } = {}): Promise<void> {
  const box = panel.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  if (options.by === 'Enter') await box.press('Enter');
  else await panel.getByRole('button', { name: 'Send', exact: true }).click();
}

/** The panel element of one tool call (by the tool-use id the mock model gave it). */
export const toolCall = (panel: Page, toolUseId: string) => panel.locator(`[data-tool-use-id="${toolUseId}"]`);

/** Sends `message` and answers prompts until `finished` text shows in the panel (or the run stops). */
export async function driveTask(panel: Page, message: string, options: { decide: Decide; finished: string }): Promise<PromptSeen[]> {
  return driveRun(panel, options, () => send(panel, message));
}

/**
 * Starts a run with `start` (a message sent, a context-menu action) and answers prompts until `finished`
 * text shows in the panel.
 */
export async function driveRun(panel: Page, options: { decide: Decide; finished: string }, start: () => Promise<void>): Promise<PromptSeen[]> {
  // The conversation may already show this text from an earlier task: wait for a new one.
  const before = await panel.evaluate(countText, options.finished);
  await start();
  const prompts: PromptSeen[] = [];
  const answered: string[] = [];
  // No deadline of its own: a task that never finishes is caught by the test runner's timeout.
  for (;;) {
    const next = await panel.evaluate(nextChange, { finished: options.finished, before, answered });
    if (next === 'finished') break;
    const dialog = panel.locator(`[role="dialog"][data-tool-use-id="${next}"]`);
    const seen = {
      toolUseId: next,
      tool: (await dialog.getAttribute('data-tool-name').catch(() => '')) ?? '',
      flagged: ((await dialog.getAttribute('class').catch(() => '')) ?? '').includes('destructive'),
      text: ((await dialog.textContent().catch(() => '')) ?? '').replace(/\s+/g, ' '),
    };
    const answer = options.decide(seen);
    answered.push(next);
    prompts.push({ ...seen, answer });
    await dialog.getByRole('button', { name: answer, exact: true }).click();
  }
  return prompts;
}

/** How many times the panel's text shows `text` (runs in the panel). */
function countText(text: string): number {
  return (document.body.textContent ?? '').split(text).length - 1;
}

/**
 * Resolves, in the panel, once it shows `finished` more often than `before` times ('finished') or a
 * permission prompt not yet answered (its tool-use id): one call that watches the page's changes,
 * instead of asking the panel again and again from here.
 */
function nextChange(args: { finished: string; before: number; answered: string[] }): Promise<string> {
  return new Promise((resolve) => {
    const check = () => {
      if ((document.body.textContent ?? '').split(args.finished).length - 1 > args.before) return 'finished';
      for (const dialog of document.querySelectorAll('[role="dialog"][data-tool-use-id]')) {
        const id = dialog.getAttribute('data-tool-use-id');
        if (id && !args.answered.includes(id)) return id;
      }
      return undefined;
    };
    const now = check();
    if (now !== undefined) return resolve(now);
    const observer = new MutationObserver(() => {
      const found = check();
      if (found === undefined) return;
      observer.disconnect();
      resolve(found);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}
