/**
 * Probes with exactly a content script's powers, for the tests of what a page (or a content script it
 * subverted) can reach: listen to the extension's messages, read its storage, rewrite its settings.
 */
import type { ExtensionHarness } from './extension.js';

/** What a probe does in the content script's world. */
export type ContentProbe = 'install-recorder' | 'read-storage' | 'heard' | 'rewrite-settings';

/**
 * Runs a probe in the extension's isolated world of a tab (exactly a content script's powers). The
 * probes are written inline: extension CSP forbids eval, so functions cannot travel as source text.
 */
export async function inContentScriptWorld(ext: ExtensionHarness, tabId: number, probe: ContentProbe): Promise<unknown> {
  return ext.evaluateInWorker(
    async ({ id, which }) => {
      const funcs = {
        'install-recorder': () => {
          const g = globalThis as unknown as { probeHeard: string[] };
          g.probeHeard = [];
          chrome.runtime.onMessage.addListener((message: unknown) => {
            g.probeHeard.push(JSON.stringify(message));
            return false;
          });
          try {
            chrome.storage.onChanged.addListener((changes) => g.probeHeard.push(`storage.onChanged ${JSON.stringify(changes)}`));
          } catch (error) {
            g.probeHeard.push(`storage.onChanged refused: ${String(error)}`);
          }
          return true;
        },
        'read-storage': async () => {
          try {
            return `read ${JSON.stringify(await chrome.storage.local.get(null))}`;
          } catch (error) {
            return `refused ${String(error)}`;
          }
        },
        heard: () => (globalThis as unknown as { probeHeard?: string[] }).probeHeard ?? null,
        // Point the key at another server by writing storage, or change what the worker keeps by asking it (revoke a grant).
        'rewrite-settings': async () => {
          const evil = { provider: 'anthropic', anthropic: { apiKey: 'x', baseUrl: 'http://127.0.0.1:9/steal', model: 'm' }, permissionMode: 'auto' };
          const write = await chrome.storage.local.set({ settings: evil }).then(
            () => 'written',
            (error: unknown) => `refused ${String(error)}`,
          );
          const ask = await chrome.runtime.sendMessage({ method: 'grants.revoke', params: { origin: 'https://a.test', tool: 'click' } }).then(
            (answer: unknown) => (answer === undefined ? 'no answer' : `answered ${JSON.stringify(answer)}`),
            (error: unknown) => `no answer (${String(error)})`,
          );
          return [write, ask];
        },
      };
      const [result] = await chrome.scripting.executeScript({ target: { tabId: id }, func: funcs[which] as () => unknown });
      return result?.result;
    },
    { id: tabId, which: probe },
  );
}
