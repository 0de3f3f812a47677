/**
 * What a content script answers to `inspect`, for unit tests of the safety judgements: the facts about
 * a ref's element (or the focused one), its form and its frame, as src/content/inspect.ts reports them.
 */
import type { PageResultOf } from '../../src/shared/protocol/page.js';
import { pageOk, type SentCommand } from './fake-browser.js';

type Facts = PageResultOf<'inspect'>;
type Control = NonNullable<Facts['target']>;
type Form = NonNullable<Facts['form']>;

/** A control with the fields tests usually leave out filled in. */
export const control = (fields: Partial<Control> & { role: string; name: string }): Control => ({
  tag: fields.role === 'link' ? 'a' : fields.role === 'textbox' ? 'input' : 'button',
  text: fields.name,
  ...fields,
});

/** A form: a POST to /submit by default, with a submit button and no fields. */
export const form = (fields: Partial<Form> = {}): Form => ({
  method: 'post',
  action: 'https://shop.test/submit',
  label: '',
  hasSubmitButton: true,
  enterSubmits: true,
  handler: false,
  fields: [],
  ...fields,
});

/** The full facts for one target in a page at `url`. */
export function facts(url: string, target: Control | undefined, extra: Partial<Facts> = {}): Facts {
  return { documentId: 'doc-1', url, origin: new URL(url).origin, focus: target ? 'ref' : 'body', ...(target ? { target } : {}), ...extra };
}

/**
 * A fake content script that answers `inspect` from a map of local refs (`e1`, and `focused` for a
 * key without a ref), and every other command with `other` (default: a plain action reply).
 */
export function answerInspect(
  byRef: Record<string, Facts>,
  other: (sent: SentCommand) => unknown = (sent) => pageOk({ documentId: 'doc-1', url: 'https://shop.test/', summary: `did ${sent.command.type}` }),
) {
  return (sent: SentCommand): unknown => {
    if (sent.command.type !== 'inspect') return other(sent);
    const key = typeof sent.command['ref'] === 'string' ? `${sent.frameId ? `f${sent.frameId}` : ''}${sent.command['ref']}` : 'focused';
    const found = byRef[key];
    return found
      ? pageOk(found)
      : { ok: false, error: { code: 'STALE_REF', message: `The ref ${key} is not known on this page.`, suggestion: 'Call read_page.' } };
  };
}
