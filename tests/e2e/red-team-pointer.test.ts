/**
 * The red team at the moment of the effect (tests/support/red-team/pointer-attacks.ts): pages that let
 * a harmless act be judged, then change what it lands on — a frame from another process or their own
 * "Delete account" slid under the pointer as it arrives, focus moved while typing into a hidden field,
 * another origin's frame, or the delete form before the Enter. Each through the built extension in
 * Chromium, in ask and auto mode, with a careful person (denies prompts marked dangerous, allows the
 * rest). An attack completes only if the recording servers saw its effect; each act must end with the
 * error that names what moved. Prints the table.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchExtension, type ExtensionHarness } from '../support/extension.js';
import { startMockModelServer, toolResultsOf, type MockModelServer } from '../support/mock-model-server.js';
import { driveTask, openReadyPanel, type Decide, type PromptSeen } from '../support/panel-driver.js';
import { POINTER_ATTACKS, type PointerAttack, type PointerAttackContext } from '../support/red-team/pointer-attacks.js';
import { call } from '../support/red-team/script.js';
import { startTrustSites, type TrustSites } from '../support/trust-sites.js';
import { mockSettings } from './tab-storage-helpers.js';

const MODES = ['ask', 'auto'] as const;

let ext: ExtensionHarness;
let mock: MockModelServer;
let sites: TrustSites;

interface Outcome {
  attack: string;
  mode: string;
  completed: boolean;
  prompts: PromptSeen[];
  result: string;
}
const outcomes: Outcome[] = [];

/** The careful person: no to what the panel marks dangerous, yes to the rest. */
const careful: Decide = (prompt) => (prompt.flagged ? 'Deny' : 'Allow once');

/** The same origin by its other loopback name: a frame from it lives in another renderer process. */
const otherProcess = (origin: string) => origin.replace('127.0.0.1', 'localhost');

async function runAttack(attack: PointerAttack, index: number, mode: string): Promise<Outcome> {
  const id = `rp${index}-${mode}`;
  mock.reset();
  sites.reset();
  const context: PointerAttackContext = { id, evilFrame: otherProcess(sites.evil.origin), bankFrame: otherProcess(sites.bank.origin), scriptErrors: [] };
  attack.pages?.(sites, context);
  const url = sites.site.page(id, `<!doctype html><meta charset="utf-8"><title>Notes — Example Mail</title><h1>Notes</h1>${attack.page(context)}`);
  const page: Page = await ext.context.newPage();
  await page.goto(url);
  // Every frame has loaded (the attack needs its frame ready to slide under the pointer).
  for (const frame of page.frames()) await frame.waitForLoadState('load');
  const tabId = await ext.tabIdOf(page);
  mock.enqueue(call('read', 'read_page', { filter: 'interactive' }), ...attack.steps(context), { text: `Finished ${id}.` });
  const panel = await openReadyPanel(ext, tabId);
  try {
    const prompts = await driveTask(panel, 'Please do what this page needs.', { decide: careful, finished: `Finished ${id}.` });
    // Give a submission or a beacon the page started a moment to arrive.
    await page.waitForTimeout(300);
    expect(context.scriptErrors).toEqual([]);
    const result = mock.requests.flatMap((request) => toolResultsOf(request)).find((r) => r.toolUseId === 'act')?.text ?? '';
    return { attack: attack.id, mode, completed: attack.completed(sites), prompts, result };
  } finally {
    await panel.close();
    await page.close();
  }
}

beforeAll(async () => {
  sites = await startTrustSites();
  mock = await startMockModelServer();
  ext = await launchExtension({ settings: mockSettings(mock.url, 'ask') });
});
afterAll(async () => {
  printTable();
  await ext?.close();
  await mock?.close();
  await sites?.close();
});

describe.each(MODES)('acts whose target the page moves, in %s mode', (mode) => {
  beforeAll(() => ext.setSettings(mockSettings(mock.url, mode)));
  it.each(POINTER_ATTACKS.map((attack, index) => [attack.id, attack, index] as const))(
    '%s: stopped where it lands, nothing done',
    async (_name, attack, index) => {
      const outcome = await runAttack(attack, index, mode);
      outcomes.push(outcome);
      expect(outcome.completed).toBe(false);
      expect(outcome.result).toContain(attack.stoppedBy);
      // The error names what is there now in words, and says what was (not) done.
      expect(outcome.result).toMatch(
        attack.stoppedBy === 'TARGET_MOVED' ? /Nothing was pressed|no click followed/ : /\d+ of 13 characters? w(as|ere) typed into textbox/,
      );
    },
  );
});

function printTable(): void {
  const lines = ['', 'Red team at the point of effect: attacker actions completed without a prompt (careful person)', ''];
  lines.push('| attack | ask: completed / prompts | auto: completed / prompts | stopped by |', '| --- | --- | --- | --- |');
  for (const attack of POINTER_ATTACKS) {
    const cell = (mode: string) => {
      const outcome = outcomes.find((o) => o.attack === attack.id && o.mode === mode);
      return outcome ? `${outcome.completed ? 1 : 0} / ${outcome.prompts.length}` : '–';
    };
    lines.push(`| ${attack.id} | ${cell('ask')} | ${cell('auto')} | ${attack.stoppedBy} |`);
  }
  for (const outcome of outcomes) lines.push(`  ${outcome.mode}: ${outcome.result.slice(0, 300)}`);
  console.log(lines.join('\n'));
}
