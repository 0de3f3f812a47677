/**
 * What the scripted model was sent, read back by tool-use id: the text and error flag of a call's
 * result, its JSON, its image; and a model turn computed from the previous result (to use a ref it
 * printed). The wire readers themselves are in mock-model-server.ts (`toolResultsOf`).
 */
import { toolResultsOf, type MockModelServer, type MockReply, type RecordedRequest } from './mock-model-server.js';

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
