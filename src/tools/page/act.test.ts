import { describe, expect, it } from 'vitest';
import type { BrowserBridge, TabInfo } from '../../runtime/browser.js';
import { ToolError } from '../../runtime/errors.js';
import type { WatchedEvents, DialogInfo, InputChannel, PageInputPort } from '../../runtime/page-input.js';
import { createTestContext } from '../../../tests/support/tool-context.js';
import { afterDialog, performAction } from './act.js';
import { handleDialog } from './handle-dialog.js';

type Command = { type: string } & Record<string, unknown>;

/** A tab whose content script answers observe_* and records every command; an input port that can refuse, open dialogs and navigate. */
function fakeTab(options: { channel?: InputChannel; effects?: Partial<WatchedEvents>; reply?: (command: Command) => unknown; landedElsewhere?: string } = {}) {
  const commands: Command[] = [];
  let dialog: DialogInfo | undefined;
  const effects: WatchedEvents = { newTabs: [], ...options.effects };
  let settled = 0;
  const released: string[] = [];
  const input: PageInputPort = {
    acquire: async () => options.channel ?? { trusted: true },
    mouse: async () => ({ outcome: 'dispatched' }),
    keys: async () => ({ outcome: 'dispatched' }),
    insertText: async () => ({ outcome: 'dispatched' }),
    hitTest: async () => undefined,
    release: async (owner) => void released.push(owner),
    openDialog: () => dialog,
    answerDialog: async () => {
      const open = dialog;
      if (!open) throw new ToolError('NO_DIALOG', 'none', { suggestion: 'x' });
      dialog = undefined;
      return open;
    },
    watch: () => ({ events: () => ({ ...effects, ...(dialog ? { dialog } : {}) }), waitForNavigation: async () => void settled++, stop: () => undefined }),
  };
  const info: TabInfo = { id: 1, windowId: 1, url: 'https://a.test/', title: 'A', active: true, status: 'complete' };
  const browser = {
    input,
    async sendToTab(_tabId: number, message: unknown) {
      const command = (message as { command: Command }).command;
      commands.push(command);
      if (command.type === 'observe_start') return { ok: true, result: { token: 'o7' } };
      if (command.type === 'observe_end')
        return {
          ok: true,
          result: {
            url: info.url,
            changes: ['list [ref=e4] gained 1 item "milk"'],
            staleRefs: [],
            elements: { e4: { role: 'list', name: '' } },
            ...(options.landedElsewhere ? { landedElsewhere: options.landedElsewhere } : {}),
          },
        };
      return options.reply?.(command) ?? { ok: true, result: {} };
    },
    listFrames: async () => [],
    getTab: async () => info,
  } as unknown as BrowserBridge;
  return { browser, commands, openDialog: (d: DialogInfo) => (dialog = d), effects, settled: () => settled, released };
}

const where = { tabId: 1, frameId: 0, ref: 'e2', what: 'Clicked button "Add"' };

describe('performAction', () => {
  it('acts through trusted input when the tab allows it, then reports what the page saw after it settled', async () => {
    const tab = fakeTab();
    const context = createTestContext([], { browser: tab.browser });
    context.snapshots.update(1, 'https://a.test/', { e2: { role: 'button', name: 'Add' } });
    const paths: unknown[] = [];
    const { line } = await performAction(context, where, async (path) => {
      paths.push(path);
      return { done: 'Clicked button "Add"' };
    });
    expect(paths).toEqual([{ trusted: true }]);
    expect(line).toBe('Clicked button "Add" [trusted input]. Then: list [ref=e4] gained 1 item "milk".');
    expect(tab.commands.map((c) => c.type)).toEqual(['observe_start', 'observe_end']);
    expect(tab.commands[0]).toMatchObject({ ref: 'e2', refPrefix: '' });
    expect(tab.commands[1]).toMatchObject({ token: 'o7', quietMs: 300 });
    // Refs the result names are known to later calls (validateKnownRefs), alongside the earlier ones.
    expect(Object.keys(context.snapshots.get(1)?.elements ?? {}).sort()).toEqual(['e2', 'e4']);
  });

  it('says a press landed elsewhere, unless the act presses on another element by design (a drag, on what it carries)', async () => {
    const tab = fakeTab({ landedElsewhere: 'div [ref=e5]' });
    const context = createTestContext([], { browser: tab.browser });
    const clicked = await performAction(context, where, async () => ({ done: 'Clicked button "Add"' }));
    expect(clicked.line).toContain('but the click landed on div [ref=e5], not on the target');
    const dragged = await performAction(context, where, async () => ({ done: 'Dragged card "Fix" to card "Design"', pressedElsewhere: true }));
    expect(dragged.line).toBe('Dragged card "Fix" to card "Design" [trusted input]. Then: list [ref=e4] gained 1 item "milk".');
  });

  it('falls back to synthetic events with the reason when the debugger cannot attach', async () => {
    const tab = fakeTab({ channel: { trusted: false, reason: 'debugging is turned off by the browser’s policy' } });
    const context = createTestContext([], { browser: tab.browser });
    const { line } = await performAction(context, where, async (path) => ({ done: path.trusted ? 'wrong' : 'Clicked button "Add".' }));
    expect(line).toBe('Clicked button "Add" [synthetic events: debugging is turned off by the browser’s policy]. Then: list [ref=e4] gained 1 item "milk".');
  });

  it('leaves a dialog open for handle_dialog, then finishes the interrupted observation once it is answered', async () => {
    const tab = fakeTab();
    const context = createTestContext([], { browser: tab.browser });
    const confirm: DialogInfo = { type: 'confirm', message: 'Delete "milk"?', url: '' };
    const { line } = await performAction(context, where, async () => {
      tab.openDialog(confirm);
      return { done: 'Clicked button "Delete"', dialog: confirm };
    });
    expect(line).toContain('a JavaScript confirm dialog saying "Delete \\"milk\\"?" opened and the page is paused');
    expect(tab.commands.map((c) => c.type)).toEqual(['observe_start']); // the paused page is not asked

    expect(handleDialog.isDestructive(handleDialog.inputSchema.parse({ accept: true }), context)).toBe(true); // OK on "Delete" deletes
    expect(handleDialog.isDestructive(handleDialog.inputSchema.parse({ accept: false }), context)).toBe(false);
    expect(handleDialog.description(handleDialog.inputSchema.parse({ accept: true }), context)).toBe(
      'Accept a JavaScript confirm dialog saying "Delete \\"milk\\"?"',
    );
    const answered = await handleDialog.call(
      handleDialog.inputSchema.parse({ accept: true }),
      context,
      async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: '' } }),
      undefined,
      () => undefined,
    );
    expect(answered.data).toBe('Accepted a JavaScript confirm dialog saying "Delete \\"milk\\"?" [trusted input]. Then: list [ref=e4] gained 1 item "milk".');
    expect(tab.commands.at(-1)).toMatchObject({ type: 'observe_end', token: 'o7' });
    await expect(afterDialog(context, 1, async () => (await tab.browser.input?.answerDialog(1, true))?.message ?? '')).rejects.toMatchObject({
      code: 'NO_DIALOG',
    });
  });

  it('waits for a navigation the act started instead of asking the old page, and forgets its refs', async () => {
    const tab = fakeTab({ effects: { navigationStarted: 'https://a.test/next', navigated: { url: 'https://a.test/next' } } });
    const context = createTestContext([], { browser: tab.browser });
    context.snapshots.update(1, 'https://a.test/', { e2: { role: 'link', name: 'Next' } });
    const { line } = await performAction(context, where, async () => ({ done: 'Clicked link "Next"' }));
    expect(line).toBe(
      'Clicked link "Next" [trusted input]. Then: the tab loaded https://a.test/next; every ref of the previous page is stale: call read_page or find.',
    );
    expect(tab.settled()).toBe(1);
    expect(tab.commands.map((c) => c.type)).toEqual(['observe_start']);
    expect(context.snapshots.get(1)).toBeUndefined();
  });

  it('reports a synthetic act cut off by its own navigation, and turns a failed delivery into INPUT_FAILED', async () => {
    const tab = fakeTab({ effects: { navigationStarted: 'https://a.test/sent', navigated: { url: 'https://a.test/sent' } } });
    const context = createTestContext([], { browser: tab.browser });
    const { line } = await performAction(context, where, async () => {
      throw new ToolError('NAVIGATED', 'gone', { suggestion: 'x' });
    });
    expect(line).toMatch(/^Clicked button "Add"; the page navigated before it answered \[trusted input\]\. Then: the tab loaded https:\/\/a\.test\/sent/);
    await expect(performAction(context, where, async () => Promise.reject(new Error('Detached while handling command.')))).rejects.toMatchObject({
      code: 'INPUT_FAILED',
    });
    await expect(
      performAction(context, where, async () => Promise.reject(new ToolError('ELEMENT_COVERED', 'covered', { suggestion: 'x' }))),
    ).rejects.toMatchObject({ code: 'ELEMENT_COVERED' });
  });
});
