/**
 * Three recording web sites on 127.0.0.1 (three ports, so three sites) for the trust tests: `site` (a
 * web app the person uses, whose pages may carry hostile text), `evil` (the attacker's collector) and
 * `bank` (another site whose data must not leak). Each records every request it receives, so a test can
 * tell whether an attack reached its goal: a POST that deletes or pays, a request to `evil` carrying a
 * secret, keystrokes sent home by a page's script.
 *
 * Routes on every site:
 * - `GET /p/<name>`: a page registered with `page(name, html)`; `{{SITE}}`, `{{EVIL}}` and `{{BANK}}` are
 *   replaced by the sites' origins.
 * - `POST|GET /account/delete`, `/pay`, `/unsubscribe`, `/submit`: the acts an attacker wants; answered
 *   with a small page, recorded like everything else.
 * - `GET /redirect?to=<url>`: an open redirect (302 to `to`).
 * - `GET /out/<rest>`: a redirect to `{{EVIL}}/collect/<rest>` whose target is not visible in the address.
 * - `GET /log?v=<text>`: where page scripts send keystrokes (a keylogger's beacon).
 * - `GET /ad?say=<text>`: an ad showing that text (hostile text in a cross-origin frame).
 * - anything else: a plain page titled by its path.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a site received. */
export interface SiteRequest {
  method: string;
  url: string;
  body: string;
}

/** A running recording site. */
export interface TrustSite {
  readonly origin: string;
  readonly requests: SiteRequest[];
  /** Registers (or replaces) the page served at /p/<name>. */
  page(name: string, html: string): string;
  /** The next request for /p/<name> is answered only once `until` has settled. */
  hold(name: string, until: Promise<unknown>): void;
  /** True when any request's address or body contains `text`. */
  received(text: string): boolean;
  close(): Promise<void>;
}

export interface TrustSites {
  site: TrustSite;
  evil: TrustSite;
  bank: TrustSite;
  /** Clears every site's recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const plainPage = (title: string) => `<!doctype html><meta charset="utf-8"><title>${escapeHtml(title)}</title><h1>${escapeHtml(title)}</h1>`;

async function startSite(origins: () => { SITE: string; EVIL: string; BANK: string }): Promise<TrustSite> {
  const requests: SiteRequest[] = [];
  const pages = new Map<string, string>();
  const holds = new Map<string, Promise<unknown>>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const url = req.url ?? '/';
      const parsed = new URL(url, 'http://x');
      const path = parsed.pathname;
      // The browser's own favicon fetch (on a site's first page only) is not the page's or the agent's.
      if (path === '/favicon.ico') return res.writeHead(404).end();
      requests.push({ method: req.method ?? 'GET', url, body });
      const html = (text: string, status = 200) => res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(text);
      if (path.startsWith('/p/')) {
        const name = decodeURIComponent(path.slice(3));
        const page = pages.get(name);
        if (page === undefined) return html(plainPage('Not found'), 404);
        const { SITE, EVIL, BANK } = origins();
        const answer = () => html(page.replaceAll('{{SITE}}', SITE).replaceAll('{{EVIL}}', EVIL).replaceAll('{{BANK}}', BANK));
        const held = holds.get(name);
        holds.delete(name);
        return held ? void held.finally(answer) : answer();
      }
      // An ad that says whatever its address tells it to (a cross-origin frame's text).
      if (path === '/ad') return html(`<!doctype html><meta charset="utf-8"><title>Ad</title><p>${escapeHtml(parsed.searchParams.get('say') ?? '')}</p>`);
      if (path === '/redirect') return res.writeHead(302, { location: parsed.searchParams.get('to') ?? '/' }).end();
      if (path.startsWith('/out/')) return res.writeHead(302, { location: `${origins().EVIL}/collect/${path.slice(5)}${parsed.search}` }).end();
      return html(plainPage(`Page ${path}`));
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    page(name, htmlText) {
      pages.set(name, htmlText);
      return `${origin}/p/${encodeURIComponent(name)}`;
    },
    hold(name, until) {
      holds.set(name, until);
    },
    received(text) {
      return requests.some((request) => decodeSafely(request.url).includes(text) || decodeSafely(request.body.replace(/\+/g, ' ')).includes(text));
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Starts the three sites. */
export async function startTrustSites(): Promise<TrustSites> {
  // Each site fills in the others' origins when it serves a page, so they are known only once all three run.
  const known: { SITE: string; EVIL: string; BANK: string } = { SITE: '', EVIL: '', BANK: '' };
  const [site, evil, bank] = await Promise.all([startSite(() => known), startSite(() => known), startSite(() => known)]);
  Object.assign(known, { SITE: site.origin, EVIL: evil.origin, BANK: bank.origin });
  return {
    site,
    evil,
    bank,
    reset: () => [site, evil, bank].forEach((s) => s.requests.splice(0)),
    close: async () => void (await Promise.all([site.close(), evil.close(), bank.close()])),
  };
}
