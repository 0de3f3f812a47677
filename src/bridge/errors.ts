/**
 * What a person meets when the bridge cannot do its job, each as a code, what happened and what to do.
 * The MCP client shows `message` and `suggestion`; the coding agent reads them too, so they say what a
 * person should do in plain words, with the exact command where there is one.
 */
import type { ErrorSummary } from '../runtime/errors.js';

/** A failure of the bridge itself (not of a tool), with a string code and what to do. */
export class BridgeError extends Error {
  override readonly name = 'BridgeError';
  constructor(
    readonly code: string,
    message: string,
    readonly suggestion: string,
  ) {
    super(message);
  }

  toSummary(): ErrorSummary {
    return { code: this.code, message: this.message, suggestion: this.suggestion };
  }

  static from(summary: ErrorSummary): BridgeError {
    return new BridgeError(summary.code, summary.message, summary.suggestion);
  }
}

/** How to run this program again, for suggestions: `node /path/to/bin/pagewright-mcp.mjs`. */
export type Command = string;

const TURN_ON = 'open the Pagewright side panel → Settings → Coding agents and turn on “Let coding agents use this browser”';

export const bridgeErrors = {
  hostNotRegistered: (command: Command) =>
    new BridgeError(
      'HOST_NOT_REGISTERED',
      'Pagewright’s helper is not registered with the browser, so the browser cannot start it and this server cannot reach Pagewright.',
      `Run \`${command} install\` once (add \`--profile DIR\` for a browser started with --user-data-dir DIR), then ${TURN_ON}.`,
    ),
  notRunning: () =>
    new BridgeError(
      'PAGEWRIGHT_NOT_RUNNING',
      'Pagewright is not reachable: the browser is not running, Pagewright is not installed in it, or Coding agents is off in Pagewright’s settings (it is off until you turn it on).',
      `Start the browser with Pagewright, then ${TURN_ON}. Then call the tool again.`,
    ),
  turnedOff: () =>
    new BridgeError(
      'CODING_AGENTS_OFF',
      'Coding agents is turned off in Pagewright’s settings, so this program may not use the browser.',
      `Ask the person to ${TURN_ON}.`,
    ),
  browserClosed: (what: string) =>
    new BridgeError(
      'BROWSER_CLOSED',
      `The browser closed (or Pagewright was reloaded or turned off) while ${what}.`,
      'If it was an action it may have partly happened: once the browser is open again, read the page before repeating it.',
    ),
  badToken: () =>
    new BridgeError(
      'BAD_TOKEN',
      'Pagewright’s helper refused the connection: the token did not match (the helper restarted, or this is not the same user).',
      'Call the tool again: the server reads the current token on its next connection.',
    ),
  protocolMismatch: (theirs: number, ours: number) =>
    new BridgeError(
      'PROTOCOL_MISMATCH',
      `This server speaks bridge protocol ${ours} and Pagewright’s helper speaks ${theirs}.`,
      'Use the same Pagewright checkout for the extension and this server (rebuild the extension, reload it, and restart this server).',
    ),
  unsafeFolder: (path: string, why: string) =>
    new BridgeError(
      'UNSAFE_FOLDER',
      `The folder ${path} is not private to this user (${why}), so Pagewright will not put its socket there.`,
      `Remove it (or make it yours with mode 700: \`chmod 700 ${path}\`) and try again.`,
    ),
  socketPathTooLong: (path: string) =>
    new BridgeError(
      'SOCKET_PATH_TOO_LONG',
      `The socket path ${path} is longer than the 100 characters this system allows for one.`,
      'Set PAGEWRIGHT_HOME to a shorter folder (for the browser and this server alike).',
    ),
};
