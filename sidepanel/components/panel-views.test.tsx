/**
 * The panel's own views (not the tool views): the setup card and the demo line, the example requests,
 * Settings in sections, the activity cards and the conversation list, rendered from real models.
 */
import { render } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../src/shared/activity.js';
import type { Settings } from '../../src/shared/settings.js';
import { AppModel } from '../models/app-model.js';
import type { PortLike } from '../models/port-client.js';
import { ActivityView, didLine } from './ActivityView.js';
import { App } from './App.js';
import { ConversationList } from './ConversationList.js';
import { SettingsView } from './SettingsView.js';
import { SETTINGS_SECTIONS } from './settings/sections.js';

function app(stored: unknown, requests: (message: { method: string; params: unknown }) => unknown = () => ({ ok: true, data: {} })) {
  const writes: Settings[] = [];
  const port: PortLike = {
    postMessage: () => undefined,
    disconnect: () => undefined,
    onMessage: { addListener: () => undefined },
    onDisconnect: { addListener: () => undefined },
  };
  const model = new AppModel({
    connect: () => port,
    tabs: { activeTabId: async () => 3, windowId: async () => 1, onActivated: () => () => undefined },
    settingsStorage: { read: async () => stored, write: async (settings) => void writes.push(settings) },
    request: async (message) => requests(message as { method: string; params: unknown }),
    pinnedTabId: 3,
    describeTab: async () => ({ title: 'Weekend to-dos', url: 'https://todo.example/list' }),
  });
  return { model, writes };
}

describe('the first run', () => {
  it('shows the setup card until a model is ready, with Test key and "Try it without a key"; the message box waits', async () => {
    const { model } = app({});
    await model.settings.load();
    const html = render(<App app={model} />);
    expect(html).toContain('Set up a model');
    expect(html).toContain('>Test key</button>');
    expect(html).toContain('>Save and start</button>');
    expect(html).toContain('>Try it without a key</button>');
    expect(html).toMatch(/<textarea aria-label="Message" placeholder="Set up a model above to start"[^>]*disabled/);
  });

  it('"Try it without a key" saves the demo model, and the chat says it is the demo', async () => {
    const { model, writes } = app({});
    await model.settings.load();
    await model.settings.edit((d) => ({ ...d, provider: 'demo' }), 'provider');
    expect(await model.settings.save(['provider', 'anthropic', 'openai'], 'model')).toBe(true);
    expect(writes.at(-1)?.provider).toBe('demo');
    model.conversation.apply({ type: 'conversation_state', conversationId: 'c', title: 'New conversation', transcript: [], run: { status: 'idle' } });
    const html = render(<App app={model} />);
    expect(html).not.toContain('Set up a model');
    expect(html).toContain('You are trying the demo model');
    expect(html).toContain('>Summarize this page</button>');
  });

  it('offers three example requests on an empty chat, naming the page’s site', async () => {
    const { model } = app({ anthropic: { apiKey: 'sk-x' } });
    await model.settings.load();
    await model.refreshTabPage(3);
    model.conversation.apply({ type: 'conversation_state', conversationId: 'c', title: 'New conversation', transcript: [], run: { status: 'idle' } });
    const html = render(<App app={model} />);
    expect(html).toContain('Ask about <strong>todo.example</strong>');
    expect([...html.matchAll(/class="example"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual([
      'Summarize this page',
      'What can I do on this page?',
      'Find the contact details on this page',
    ]);
    // The header says Pagewright, not "New conversation".
    expect(html).toContain('<span class="app-title-text">Pagewright</span>');
  });

  it('tests the typed key through the worker and says what the provider answered', async () => {
    const sent: unknown[] = [];
    const { model } = app({}, (message) => {
      sent.push(message);
      return { ok: true, data: { ok: false, code: 'AUTH', message: 'Anthropic rejected the API key (401): invalid x-api-key', suggestion: 'Check the key.' } };
    });
    await model.settings.load();
    model.settings.editProvider('apiKey', 'sk-typed');
    await model.keyTest.test(model.settings.draft.value);
    expect(sent).toEqual([
      { method: 'model.test', params: { provider: 'anthropic', apiKey: 'sk-typed', baseUrl: 'https://api.anthropic.com', model: 'claude-sonnet-4-5' } },
    ]);
    expect(render(<App app={model} />)).toContain('<strong>The API key was not accepted.</strong> Anthropic rejected the API key (401): invalid x-api-key');
  });
});

describe('Settings in sections', () => {
  it('lists every section in the menu and shows one, with its own Save; Memory says it needs none', async () => {
    const { model } = app({ anthropic: { apiKey: 'sk-x' } });
    await model.settings.load();
    const menu = render(<SettingsView app={model} />);
    for (const section of SETTINGS_SECTIONS) expect(menu).toContain(`>${section.label}</button>`);
    expect(menu).toContain('data-section="model"');
    expect(menu).toMatch(
      /<select id="field-anthropic-model"><option selected value="claude-sonnet-4-5">claude-sonnet-4-5<\/option>.*<option value="__other__">Other…<\/option>/s,
    );
    model.settingsSection.value = 'memory';
    const memory = render(<SettingsView app={model} />);
    expect(memory).toContain('Changes here apply at once: there is nothing to save.');
    expect(memory).not.toContain('>Save</button>');
  });

  it('saves a section’s own fields only, and the menu marks a section left with unsaved edits', async () => {
    const { model, writes } = app({ anthropic: { apiKey: 'sk-x' }, maxTurns: 40 });
    await model.settings.load();
    model.settings.edit((d) => ({ ...d, permissionMode: 'auto' }), 'permissionMode');
    model.settings.edit((d) => ({ ...d, maxTurns: 12 }), 'maxTurns');
    expect(await model.settings.save(['permissionMode', 'rules', 'simpleMode'], 'permissions')).toBe(true);
    expect(writes.at(-1)).toMatchObject({ permissionMode: 'auto', maxTurns: 40 });
    expect(model.settings.isDirty(['maxTurns'])).toBe(true);
    expect(render(<SettingsView app={model} />)).toMatch(/Cost and context<span class="unsaved"> • not saved<\/span>/);
  });
});

describe('activity and conversations at any width', () => {
  const entry = (patch: Partial<ActivityEntry>): ActivityEntry => ({
    id: 'r:t',
    conversationId: 'c',
    runId: 'r',
    toolUseId: 't',
    at: Date.UTC(2026, 0, 1, 12, 0),
    site: 'https://todo.example',
    tool: 'type',
    did: 'Type into textbox "New item" — types “buy milk” into textbox “New item”',
    status: 'done',
    outcome: 'Typed 8 characters into textbox "New item" [trusted input]. Then: no visible change.',
    allowedBy: 'the person (once)',
    allowedByKind: 'person',
    ...patch,
  });

  it('says what each act did in the past tense, by names, with who allowed it; the logged line behind Details', async () => {
    expect(didLine(entry({}))).toBe('Typed “buy milk” into “New item”');
    expect(didLine(entry({ did: 'Click e7', tool: 'click' }))).toBe('Click an element');
    expect(didLine(entry({ did: 'Close tab 12', tool: 'close_tab' }))).toBe('Close tab 12');
    const { model } = app({});
    model.activity.entries.value = [entry({})];
    const html = render(<ActivityView app={model} />);
    expect(html).toMatch(/<li[^>]*class="activity-card"/);
    expect(html).toContain('data-tool="type"');
    expect(html).toContain('todo.example');
    expect(html).toContain('You allowed it once.');
    expect(html).toMatch(/<details class="raw-output"><summary>Details<\/summary>/);
    expect(html).not.toContain('<table');
  });

  it('shows a plan card’s answer in words: approved or denied, its steps and sites, the reason; the steps behind a toggle', () => {
    const { model } = app({});
    const plan = { steps: ['Add apples to the basket', 'Add pears'], sites: ['https://shop.example', 'https://pay.example'] };
    model.activity.entries.value = [
      entry({ tool: 'update_plan', site: undefined, did: 'Plan approved: 2 steps on shop.example, pay.example', plan: { decision: 'approved', ...plan } }),
      entry({ id: 'r:u', tool: 'update_plan', site: undefined, status: 'denied', plan: { decision: 'denied', ...plan, reason: 'Not the pears' } }),
    ];
    const html = render(<ActivityView app={model} />);
    expect(html).toContain('Plan approved: 2 steps');
    expect(html).toContain('Plan denied: 2 steps');
    expect(html).toContain('shop.example, pay.example');
    expect(html).toContain('You approved it: from then on, acts on these sites ran without asking you');
    expect(html).toContain('You denied it: nothing in it ran. Your reason: <bdi>Not the pears</bdi>');
    expect(html).toMatch(/<summary>Steps<\/summary><pre class="tool-text">1\. Add apples to the basket\n2\. Add pears<\/pre>/);
    expect(html).not.toContain('update_plan');
  });

  it('lists conversations by full title, site and status, leaving out the ones nothing was asked in', () => {
    const { model } = app({});
    model.conversations.apply({
      type: 'conversations',
      conversations: [
        { id: 'a', title: 'Find a cheaper flight to Lisbon', site: 'flights.example', createdAt: 1, updatedAt: 3, runStatus: 'error' },
        { id: 'b', title: 'New conversation', createdAt: 1, updatedAt: 2, runStatus: 'idle', empty: true },
      ],
    });
    const html = render(<ConversationList app={model} />);
    expect(html).toContain('<span class="conversation-title">Find a cheaper flight to Lisbon</span>');
    expect(html).toContain('flights.example · ');
    expect(html).toContain('Stopped with an error');
    expect(html).not.toContain('data-conversation-id="b"');
  });
});
