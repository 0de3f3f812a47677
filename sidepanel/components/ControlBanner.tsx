/**
 * "Controlled by Claude Code — Stop": shown in every panel while a coding agent is connected. Stop ends
 * its session (its calls stop, it is not let back in until restarted). The banner also brings up the
 * agent's conversation when it waits for an answer there, and shares this panel's tab with it (or takes
 * the tab back).
 */
import type { CodingAgentsModel } from '../models/coding-agents-model.js';

export interface ControlBannerProps {
  model: CodingAgentsModel;
  /** The tab this panel is bound to. */
  tabId: number | undefined;
  /** The conversation this panel shows. */
  conversationId: string | undefined;
  onShowConversation(conversationId: string): void;
}

export function ControlBanner({ model, tabId, conversationId, onShowConversation }: ControlBannerProps) {
  const client = model.client.value;
  if (!client) return null;
  const shared = tabId !== undefined && client.tabIds.includes(tabId);
  const elsewhere = client.conversationId !== conversationId;
  return (
    <div class={`control-banner${client.waiting ? ' waiting' : ''}`} role="status" data-controlled-by={client.name}>
      <p>
        Controlled by <strong>{client.name}</strong>
        {client.waiting ? ' — it is waiting for your answer.' : ''}
      </p>
      <div class="control-banner-actions">
        {elsewhere && (
          <button type="button" onClick={() => onShowConversation(client.conversationId)}>
            {client.waiting ? 'Answer' : 'Show'}
          </button>
        )}
        {tabId !== undefined && (
          <button type="button" onClick={() => void model.share(tabId, !shared)}>
            {shared ? 'Stop sharing this tab' : 'Share this tab'}
          </button>
        )}
        <button type="button" class="danger" aria-label={`Stop ${client.name}`} onClick={() => void model.disconnect(client.id)}>
          Stop
        </button>
      </div>
    </div>
  );
}
