import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_SCRIPT, FIREFOX_MIN_VERSION, firefoxManifest, GECKO_ID, type SourceManifest } from './firefox-manifest.js';

const root = resolve(import.meta.dirname, '..');
const source = JSON.parse(readFileSync(resolve(root, 'manifest.json'), 'utf8')) as SourceManifest;
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };

describe('the Firefox manifest, made from manifest.json', () => {
  const firefox = firefoxManifest(source, pkg.version);

  it('runs the background as an event page and the panel in the sidebar', () => {
    expect(firefox['background']).toEqual({ scripts: [BACKGROUND_SCRIPT], type: 'module' });
    expect(firefox['sidebar_action']).toEqual({ default_panel: source.side_panel?.default_path, default_title: 'Pagewright' });
    expect(firefox).not.toHaveProperty('side_panel');
    expect(firefox).not.toHaveProperty('minimum_chrome_version');
  });

  it('names the add-on and the oldest Firefox it runs on', () => {
    expect(firefox['browser_specific_settings']).toMatchObject({ gecko: { id: GECKO_ID, strict_min_version: FIREFOX_MIN_VERSION } });
  });

  it('asks for the same permissions less the ones Firefox does not have and the Chromium-only bridge’s', () => {
    const left = new Set(['sidePanel', 'debugger', 'nativeMessaging', 'tabGroups']);
    expect(source.permissions).toEqual(expect.arrayContaining([...left]));
    expect(firefox['permissions']).toEqual(source.permissions?.filter((p) => !left.has(p)));
    expect(firefox).not.toHaveProperty('key');
    expect(firefox['host_permissions']).toEqual(source['host_permissions']);
    expect(firefox['content_security_policy']).toEqual(source['content_security_policy']);
  });

  it('keeps the shortcuts: the panel one opens the sidebar', () => {
    const commands = firefox['commands'] as Record<string, { suggested_key?: unknown }>;
    expect(Object.keys(commands).sort()).toEqual(['_execute_action', '_execute_sidebar_action']);
    expect(commands['_execute_sidebar_action']?.suggested_key).toEqual(source.commands?.['open-side-panel']?.suggested_key);
    expect(firefox['action']).toEqual(source.action);
  });

  it('carries package.json’s version, which is also the Chrome manifest’s', () => {
    expect(firefox['version']).toBe(pkg.version);
    expect(source.version).toBe(pkg.version);
  });

  it('refuses a source manifest with no side panel to make the sidebar from', () => {
    const { side_panel: _dropped, ...withoutPanel } = source;
    expect(() => firefoxManifest(withoutPanel, '1.0.0')).toThrow(/side_panel/);
  });
});
