/**
 * The popup: open the side panel, see whether a run is active, start a quick action. The side panel is
 * opened from the click itself (a user gesture), before anything is awaited.
 */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import browser from 'webextension-polyfill';
import { openSidePanel } from '../src/background/panel-host.js';
import { BUILT_IN_PROMPTS, fillTemplate, MENU_SUMMARIZE_PAGE, originOfUrl } from '../src/background/context-menus.js';
import { messageOf } from '../src/runtime/errors.js';
import { requestWorker, type ParamsOf, type ReplyOf, type WorkerMethod } from '../src/shared/protocol/requests.js';

type Status = ReplyOf<'status.get'>;
interface ActiveTab {
  id: number;
  windowId: number;
  url: string;
  title: string;
}

/** A worker request; a refusal becomes an Error whose message says what to do. */
async function request<M extends WorkerMethod>(method: M, params: ParamsOf<M>): Promise<ReplyOf<M>> {
  try {
    return await requestWorker((message) => browser.runtime.sendMessage(message), method, params);
  } catch (error) {
    const { message, suggestion } = error as { message?: string; suggestion?: string };
    throw new Error([message, suggestion].filter(Boolean).join(' '));
  }
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
        setStatus(await request('status.get', {}));
      } catch (e) {
        setError(messageOf(e));
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
    // The page's address is quoted as that page's data, with its origin, as the context menu quotes it.
    const prompt = fillTemplate(
      BUILT_IN_PROMPTS[MENU_SUMMARIZE_PAGE] ?? 'Summarize this page.',
      { url: tab.url, title: tab.title },
      { page: originOfUrl(tab.url) },
    );
    void (async () => {
      try {
        await opened.catch(() => undefined);
        await request('quickAction.start', { tabId: tab.id, prompt });
        window.close();
      } catch (e) {
        setError(messageOf(e));
      }
    })();
  };

  const runHere = status?.runs.find((run) => run.tabId === tab?.id);
  return (
    <main>
      <h1>Pagewright</h1>
      <p role="status" aria-label="Run status">
        {status === undefined
          ? 'Checking…'
          : runHere
            ? `Working in this tab: ${runHere.title}`
            : status.runs.length > 0
              ? `${status.runs.length} run(s) active in other tabs`
              : 'No run is active.'}
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
