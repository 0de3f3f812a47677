/**
 * The popup: open the side panel, see whether a run is active, start a quick action. The side panel is
 * opened from the click itself (a user gesture), before anything is awaited.
 */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import browser from 'webextension-polyfill';
import { openSidePanel } from '../src/background/chrome-only.js';
import { BUILT_IN_PROMPTS, fillTemplate, MENU_SUMMARIZE_PAGE } from '../src/background/context-menus.js';
import { workerResponseSchema, type WorkerRequest } from '../src/shared/protocol.js';
import { z } from 'zod';

const statusSchema = z.object({
  runs: z.array(z.object({ conversationId: z.string(), tabId: z.number().optional(), title: z.string() })),
  settings: z.object({ ok: z.boolean(), message: z.string().optional() }),
});
type Status = z.infer<typeof statusSchema>;
interface ActiveTab {
  id: number;
  windowId: number;
  url: string;
  title: string;
}

async function request(message: WorkerRequest): Promise<unknown> {
  const response = workerResponseSchema.parse(await browser.runtime.sendMessage(message));
  if (!response.ok) throw new Error(`${response.error.message} ${response.error.suggestion}`);
  return response.data;
}

function Popup() {
  const [tab, setTab] = useState<ActiveTab | undefined>();
  const [status, setStatus] = useState<Status | undefined>();
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    void (async () => {
      try {
        const [active] = await browser.tabs.query({ active: true, currentWindow: true });
        if (active?.id !== undefined) setTab({ id: active.id, windowId: active.windowId ?? -1, url: active.url ?? '', title: active.title ?? '' });
        setStatus(statusSchema.parse(await request({ type: 'get_status' })));
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      }
    })();
  }, []);

  const open = () => {
    if (!tab) return Promise.resolve();
    // Synchronous first call in the click: Chrome only opens the panel inside the gesture.
    return openSidePanel({ tabId: tab.id, windowId: tab.windowId });
  };

  const onOpen = () => {
    open().then(
      () => window.close(),
      (e: unknown) => setError(String(e)),
    );
  };

  const onSummarize = () => {
    if (!tab) return;
    const opened = open();
    const prompt = fillTemplate(BUILT_IN_PROMPTS[MENU_SUMMARIZE_PAGE] ?? 'Summarize this page.', { url: tab.url, title: tab.title });
    void (async () => {
      try {
        await opened.catch(() => undefined);
        await request({ type: 'quick_action', tabId: tab.id, prompt });
        window.close();
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      }
    })();
  };

  const runHere = status?.runs.find((run) => run.tabId === tab?.id);
  return (
    <main>
      <h1>Pagewright</h1>
      <p role="status" aria-label="Run status">
        {status === undefined ? 'Checking…' : runHere ? `Working in this tab: ${runHere.title}` : status.runs.length > 0 ? `${status.runs.length} run(s) active in other tabs` : 'No run is active.'}
      </p>
      {status && !status.settings.ok && <p role="alert">Settings need attention: {status.settings.message}</p>}
      <div class="actions">
        <button type="button" onClick={onOpen} disabled={!tab}>
          Open side panel
        </button>
        <button type="button" onClick={onSummarize} disabled={!tab || runHere !== undefined}>
          Summarize this page
        </button>
      </div>
      {error && <p role="alert">{error}</p>}
    </main>
  );
}

const root = document.getElementById('app');
if (root) render(<Popup />, root);
