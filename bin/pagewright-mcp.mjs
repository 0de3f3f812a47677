#!/usr/bin/env node
// Pagewright's bridge for coding agents: the stdio MCP server, and the helper the browser starts.
// `node bin/pagewright-mcp.mjs --help` says how to use it. The code is TypeScript in src/bridge/, run
// through tsx (installed by `npm ci`), so it shares the wire protocol's schemas with the extension.
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('../src/bridge/cli.ts', import.meta.url);
const code = await main(process.argv.slice(2), fileURLToPath(import.meta.url));
process.exit(code);
