import { describe, expect, it } from 'vitest';
import { MAX_MCP_SERVERS, mcpServersSchema } from './mcp-settings.js';
import { insecureHeadersWarning } from './mcp-warnings.js';

/** The refusals as `path: message`, the way Settings shows them. */
function refusals(value: unknown): string[] {
  const result = mcpServersSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('mcpServers settings', () => {
  it('accepts the smallest server and fills enabled; keeps headers', () => {
    expect(mcpServersSchema.parse([{ name: 'shop', url: 'http://127.0.0.1:3000/mcp' }])).toEqual([
      { name: 'shop', url: 'http://127.0.0.1:3000/mcp', enabled: true },
    ]);
    const withHeaders = mcpServersSchema.parse([
      { name: 'my-tickets_2', url: ' https://tickets.example.com/mcp ', headers: { Authorization: 'Bearer abc' }, enabled: false },
    ]);
    expect(withHeaders[0]).toEqual({ name: 'my-tickets_2', url: 'https://tickets.example.com/mcp', headers: { Authorization: 'Bearer abc' }, enabled: false });
  });

  it('says in words what is wrong with a name', () => {
    expect(refusals([{ name: '', url: 'https://a.example' }])).toEqual(['0.name: Give the server a name.']);
    expect(refusals([{ name: 'Shop', url: 'https://a.example' }])[0]).toMatch(/^0\.name: Use only lower-case letters, digits/);
    expect(refusals([{ name: 'x'.repeat(33), url: 'https://a.example' }])).toEqual(['0.name: At most 32 characters.']);
    // Names that would let one server's tool names start with another's rule prefix.
    expect(refusals([{ name: 'a__b', url: 'https://a.example' }])[0]).toMatch(/No "__"/);
    expect(refusals([{ name: 'shop_', url: 'https://a.example' }])[0]).toMatch(/no "_" at the end/);
    expect(refusals([{ url: 'https://a.example' }])).toEqual(['0.name: Give the server a name.']);
  });

  it('refuses names used twice, pointing at the second', () => {
    expect(
      refusals([
        { name: 'shop', url: 'https://a.example' },
        { name: 'shop', url: 'https://b.example' },
      ]),
    ).toEqual(['1.name: Another server is already named "shop"; each needs its own name.']);
  });

  it('refuses URLs that are not http(s), not URLs, or carry credentials', () => {
    expect(refusals([{ name: 's', url: 'ftp://files.example/mcp' }])).toEqual(['0.url: Start the URL with http:// or https://.']);
    expect(refusals([{ name: 's', url: 'localhost:3000' }])).toEqual(['0.url: Start the URL with http:// or https://.']);
    expect(refusals([{ name: 's', url: 'not a url' }])).toEqual(['0.url: Enter a full URL, e.g. https://example.com/mcp.']);
    expect(refusals([{ name: 's', url: 'https://me:pw@x.example/mcp' }])).toEqual(['0.url: Put credentials in a header (Authorization), not in the URL.']);
  });

  it('refuses headers that would break the request or the protocol', () => {
    expect(refusals([{ name: 's', url: 'https://x.example', headers: { 'X Api Key': 'k' } }])).toEqual([
      '0.headers.X Api Key: "X Api Key" is not a valid header name (letters, digits and - only, no spaces).',
    ]);
    expect(refusals([{ name: 's', url: 'https://x.example', headers: { Authorization: 'Bearer a\r\nX-Evil: 1' } }])).toEqual([
      '0.headers.Authorization: A header value cannot contain line breaks.',
    ]);
    expect(refusals([{ name: 's', url: 'https://x.example', headers: { 'Mcp-Session-Id': 'abc' } }])).toEqual([
      '0.headers.Mcp-Session-Id: Mcp-Session-Id is set by Pagewright for the protocol; remove it.',
    ]);
    expect(refusals([{ name: 's', url: 'https://x.example', headers: { 'X-Count': 3 } }])).toEqual(['0.headers.X-Count: Header values must be text.']);
  });

  it('refuses a list that is not a list, or too long', () => {
    expect(refusals({ name: 's' })).toEqual([': mcpServers must be a list of servers.']);
    const many = Array.from({ length: MAX_MCP_SERVERS + 1 }, (_, i) => ({ name: `s${i}`, url: 'https://x.example' }));
    expect(refusals(many)).toEqual([`: At most ${MAX_MCP_SERVERS} MCP servers.`]);
  });

  it('warns when headers would travel unencrypted to another machine', () => {
    expect(insecureHeadersWarning({ url: 'http://tickets.lan:8080/mcp', headers: { Authorization: 'Bearer abc' } })).toMatch(
      /its headers \(credentials\) would travel unencrypted/,
    );
    expect(insecureHeadersWarning({ url: 'http://127.0.0.1:8080/mcp', headers: { Authorization: 'Bearer abc' } })).toBeUndefined();
    expect(insecureHeadersWarning({ url: 'https://tickets.example/mcp', headers: { Authorization: 'Bearer abc' } })).toBeUndefined();
    expect(insecureHeadersWarning({ url: 'http://tickets.lan/mcp' })).toBeUndefined();
  });
});
