/** Waiting for an MCP server's state in tests, through `McpManager.onChange` (no polling, no clock). */
import type { McpManager, McpServerState } from '../../src/mcp/manager.js';

/** Resolves with the server's state once `accept` holds for it (checked now and on every change). */
export function waitForServer(manager: McpManager, name: string, accept: (state: McpServerState) => boolean): Promise<McpServerState> {
  return new Promise((resolve) => {
    const check = (states: McpServerState[]) => {
      const state = states.find((s) => s.name === name);
      if (!state || !accept(state)) return false;
      stop();
      resolve(state);
      return true;
    };
    const stop = manager.onChange((states) => void check(states));
    check(manager.states());
  });
}
