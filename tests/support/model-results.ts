/**
 * What the scripted model was sent, read back: a request's newest tool results, offered tools, system
 * prompt and last user text (in either provider's format); by tool-use id, the text and error flag of a
 * call's result, its JSON, its image; and a model turn computed from the previous result (to use a
 * ref it printed).
 */
import type { MockModelServer } from './mock-model-server.js';
import type { MockReply, RecordedRequest } from './mock-model-wire.js';

/**
 * The tool results of the newest turn, in either provider's format: every result in the messages after
 * the last assistant message, whatever else sits among them (a screenshot's image message comes after
 * the results; a resumed run may add the person's message). OpenAI's `role: 'tool'` messages have no
 * error flag, so there `isError` means the text carries an `"error"` payload.
 */
export function toolResultsOf(request: RecordedRequest): Array<{ toolUseId: string; text: string; isError: boolean }> {
  const messages = (Array.isArray(request.body?.messages) ? request.body.messages : []) as Array<{ role?: string; content?: unknown; tool_call_id?: string }>;
  const lastAssistant = messages.map((m) => m?.role).lastIndexOf('assistant');
  const out: Array<{ toolUseId: string; text: string; isError: boolean }> = [];
  for (const m of messages.slice(lastAssistant + 1)) {
    if (request.provider === 'openai') {
      if (m?.role !== 'tool') continue;
      const text = typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
      out.push({ toolUseId: m.tool_call_id ?? '', text, isError: /"error"\s*:/.test(text) || text.startsWith('Error:') });
      continue;
    }
    if (m?.role !== 'user' || !Array.isArray(m.content)) continue;
    for (const b of m.content as Array<Record<string, unknown>>) {
      if (b['type'] !== 'tool_result') continue;
      const content = b['content'];
      const text =
        typeof content === 'string'
          ? content
          : Array.isArray(content)
            ? (content as Array<{ type?: string; text?: string }>)
                .filter((c) => c.type === 'text')
                .map((c) => c.text ?? '')
                .join('\n')
            : '';
      out.push({ toolUseId: String(b['tool_use_id'] ?? ''), text, isError: b['is_error'] === true });
    }
  }
  return out;
}

/** The tool names the request offered, in order. */
export function toolNamesOf(request: RecordedRequest): string[] {
  const tools: unknown[] = Array.isArray(request.body?.tools) ? request.body.tools : [];
  return tools.map((t) => {
    const tool = t as { name?: string; function?: { name?: string } };
    return tool.name ?? tool.function?.name ?? '';
  });
}

/** The system prompt of the request (Anthropic `system` blocks or OpenAI's system message). */
export function systemOf(request: RecordedRequest): string {
  const body = request.body as { system?: unknown; messages?: Array<{ role?: string; content?: unknown }> } | undefined;
  if (request.provider === 'openai') {
    const system = body?.messages?.find((m) => m.role === 'system');
    return typeof system?.content === 'string' ? system.content : '';
  }
  if (typeof body?.system === 'string') return body.system;
  if (Array.isArray(body?.system)) return (body.system as Array<{ text?: string }>).map((b) => b.text ?? '').join('\n');
  return '';
}

/** The text of the newest user message that is not only tool results ('' if none). */
export function lastUserTextOf(request: RecordedRequest): string {
  const messages = (Array.isArray(request.body?.messages) ? request.body.messages : []) as Array<{ role?: string; content?: unknown }>;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role !== 'user') continue;
    if (typeof m.content === 'string') return m.content;
    if (Array.isArray(m.content)) {
      const text = (m.content as Array<{ type?: string; text?: string }>)
        .filter((b) => b.type === 'text')
        .map((b) => b.text ?? '')
        .join('\n');
      if (text !== '') return text;
    }
  }
  return '';
}

/** The text the model received as the result of `toolUseId`, from any recorded request. */
export function resultText(server: MockModelServer, toolUseId: string): { text: string; isError: boolean } {
  for (const request of server.requests) {
    const found = toolResultsOf(request).find((r) => r.toolUseId === toolUseId);
    if (found) return { text: found.text, isError: found.isError };
  }
  throw new Error(`No request carried a result for ${toolUseId}; requests: ${server.requests.length}`);
}

/** The JSON result of `toolUseId`. */
export function resultJson<T = Record<string, unknown>>(server: MockModelServer, toolUseId: string): T {
  return JSON.parse(resultText(server, toolUseId).text) as T;
}

/** The image block inside the tool result the model got for a call (Anthropic wire format). */
export function resultImage(server: MockModelServer, toolUseId: string): { media_type: string; data: string } | undefined {
  for (const request of server.requests) {
    for (const message of (request.body?.['messages'] ?? []) as Array<{ content: unknown }>) {
      if (!Array.isArray(message.content)) continue;
      for (const block of message.content as Array<{
        type: string;
        tool_use_id?: string;
        content?: Array<{ type: string; source?: { media_type: string; data: string } }>;
      }>) {
        if (block.type === 'tool_result' && block.tool_use_id === toolUseId) return block.content?.find((c) => c.type === 'image')?.source;
      }
    }
  }
  return undefined;
}

/** The newest tool result text in a request (for replies that depend on it). */
export function lastResultText(request: RecordedRequest): string {
  return toolResultsOf(request).at(-1)?.text ?? '';
}

/** A model turn that calls one tool, its input computed from the text of the previous tool result. */
export const callNext =
  (call: { id: string; name: string; input: (previous: string) => Record<string, unknown> }) =>
  (request: RecordedRequest): MockReply => ({
    toolCalls: [{ id: call.id, name: call.name, input: call.input(lastResultText(request)) }],
  });
