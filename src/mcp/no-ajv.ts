/**
 * Stands in for the MCP SDK's ajv validator in the extension build (see build/plugins.ts). ajv compiles
 * each schema with `new Function`, which the service worker's CSP forbids; src/mcp always passes the
 * eval-free validator instead, so the SDK's default is never used, and this keeps ajv (and any path
 * to code generation) out of the worker. A client created without a validator fails here, loudly.
 */
export class AjvJsonSchemaValidator {
  constructor() {
    throw new Error(
      'ajv is not in this build (the extension CSP forbids code generation): give the MCP Client a jsonSchemaValidator, e.g. CfWorkerJsonSchemaValidator.',
    );
  }
}
