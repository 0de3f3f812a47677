/** navigate: the target (URL or back/forward/reload) and where the tab ended up. */
import type { ToolCallView } from '../models/types.js';
import { inputField, resultText } from './shared.js';
import type { ToolView } from './types.js';

/** Only http(s) URLs become links; anything else is shown as text. */
export function safeHttpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function landed(call: ToolCallView): { url?: string; title?: string } {
  const output = call.output;
  if (typeof output !== 'object' || output === null) return {};
  const { url, finalUrl, title } = output as { url?: unknown; finalUrl?: unknown; title?: unknown };
  const finalTarget = typeof finalUrl === 'string' ? finalUrl : typeof url === 'string' ? url : undefined;
  return { ...(finalTarget ? { url: finalTarget } : {}), ...(typeof title === 'string' ? { title } : {}) };
}

/** The navigate view. */
export const navigateView: ToolView = {
  call: (call) => {
    const action = inputField(call, 'action');
    const url = inputField(call, 'url');
    return (
      <span>
        <strong>{action ? `Go ${action === 'reload' ? 'reload' : action}` : 'Navigate'}</strong>
        {url && <span> to <code class="url">{url}</code></span>}
      </span>
    );
  },
  result: (call) => {
    const { url, title } = landed(call);
    const href = safeHttpUrl(url);
    if (!url) return <p class="result-line">{resultText(call) || 'Loaded.'}</p>;
    return (
      <p class="result-line">
        Now on{' '}
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {title || url}
          </a>
        ) : (
          <code>{url}</code>
        )}
      </p>
    );
  },
};
