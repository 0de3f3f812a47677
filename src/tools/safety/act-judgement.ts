/**
 * Acts judged by their effect, not by the tool that causes them. A click, an Enter or a Space on a
 * button, an Enter in a form's field, a newline typed into one, `submit: true`, a select that submits
 * or navigates on change: each is judged as the activation, form submission or navigation it causes,
 * from the facts the content script reads just before (src/content/inspect.ts). A link is judged by
 * where it goes. Pure functions: the rules are unit-tested without a browser (effects.test.ts).
 */
import type { PageResultOf } from '../../shared/protocol/page.js';
import { isPreview, submitsReadOnlyQuery } from './context-words.js';
import { actOfLabels, actOfPath, actReason, SHOWS_ONLY_ROLES } from './destructive.js';
import { displayAddress, hostOfUrl, navigationIsCrossSite } from './sites.js';
import { matchAct } from './vocabulary.js';

/** What the content script reports about an act's target. */
export type TargetFacts = PageResultOf<'inspect'>;
export type ControlFacts = NonNullable<TargetFacts['target']>;
export type FormFacts = NonNullable<TargetFacts['form']>;

/** What an act will do, in words, with why it cannot be undone (if so) and where it would take the tab. */
export interface ActJudgement {
  /** "submits the form “Delete account” (POST /account/delete)". */
  summary: string;
  /** Why it needs a yes in every mode; undefined when it is not destructive. */
  destructive?: string;
  /** The address a navigation would load. */
  landing?: string;
  /** The form it submits, with the method and action that apply. */
  submission?: { form: FormFacts; method: string; action: string };
}

/** How an act reaches the element. */
export type Activation = 'click' | 'Enter' | 'Space';

/** Roles a click, Enter or Space activates. */
const ACTIVATABLE = new Set([
  'button',
  'link',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'tab',
  'treeitem',
  'switch',
  'checkbox',
  'radio',
  'gridcell',
  'row',
]);
const TOGGLES = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);

const quoted = (text: string) => `“${text.length > 80 ? `${text.slice(0, 79)}…` : text}”`;

/** `button “Delete account”`, or the tag when the element has no name. */
export function describeControl(control: ControlFacts): string {
  const name = control.name || control.value || control.text;
  if (name) return `${control.role || control.tag} ${quoted(name)}`;
  return control.row ? `${control.role || control.tag} in ${quoted(control.row)}` : control.role || control.tag;
}

const labelsOf = (control: ControlFacts | undefined) => (control ? [control.name, control.text, control.value, control.title] : []);

/** A form submission: destructive when it posts, leaves the site, or its words or action name an irreversible act. */
export function judgeSubmission(form: FormFacts, submitter: ControlFacts | undefined, from: string, how = 'submits'): ActJudgement {
  const method = (submitter?.formMethod ?? form.method ?? 'get').toLowerCase();
  const action = submitter?.formAction ?? form.action;
  const name = form.label || (submitter ? submitter.name || submitter.value || submitter.text : '') || 'without a name';
  const where = method === 'dialog' ? 'closes its dialog' : `${method.toUpperCase()} ${displayAddress(action, from)}`;
  const summary = `${how} the form ${quoted(name)} (${where})${submitter ? ` through ${describeControl(submitter)}` : ''}`;
  const effect: ActJudgement = { summary, submission: { form, method, action }, ...(method === 'dialog' ? {} : { landing: action }) };
  const leaving = method === 'dialog' ? undefined : navigationIsCrossSite(from, action);
  const words = actReason(actOfLabels([...labelsOf(submitter), form.label]), { getOnly: method === 'get' });
  const pathAct = method === 'dialog' ? undefined : actOfPath(action);
  // A heuristic (context-words.ts): a POST is judged by what the page says it is for, when its submitter
  // says so — a preview, or a query console running one read-only statement. Leaving the site, act words
  // and an act in the address still ask.
  const readsOnly = method === 'post' && submitter !== undefined && (isPreview(labelsOf(submitter)) || submitsReadOnlyQuery(form, labelsOf(submitter)));
  const reason =
    (leaving?.destructive ? `it sends the form to another site, ${hostOfUrl(action)}` : undefined) ??
    words ??
    (pathAct ? `the form goes to ${displayAddress(action, from)}, whose address names an act that cannot be undone (${pathAct.act})` : undefined) ??
    (method === 'post' && !readsOnly ? `it posts the form to ${displayAddress(action, from)}, which changes something on the server` : undefined);
  if (readsOnly && !reason) return { ...effect, summary: `${summary} (a preview or a read-only query, as its button and query say)` };
  return reason ? { ...effect, destructive: reason } : effect;
}

/** Following a link: where it lands; destructive when that is another site or another application, or its words or path name an act. */
export function judgeLink(link: ControlFacts, from: string): ActJudgement {
  const href = link.href ?? '';
  const newTab = link.target && link.target !== '_self' && link.target !== '_top' && link.target !== '_parent' ? ' in a new tab' : '';
  let scheme = '';
  try {
    scheme = new URL(href).protocol;
  } catch {
    scheme = '';
  }
  const words = actReason(actOfLabels(labelsOf(link)));
  if (scheme === 'javascript:' || href === '') {
    const summary = `clicks the link ${quoted(link.name || link.text)} (it runs the page's script rather than opening an address)`;
    return words ? { summary, destructive: words } : { summary };
  }
  if (scheme !== 'http:' && scheme !== 'https:') {
    return {
      summary: `opens ${scheme} ${quoted(href)} in another application`,
      destructive: `it hands ${quoted(href)} to another application (${scheme}), outside this site`,
    };
  }
  const summary = `opens ${displayAddress(href, from)}${newTab} (link ${quoted(link.name || link.text || href)})`;
  const leaving = navigationIsCrossSite(from, href);
  const pathAct = actOfPath(href);
  const reason =
    (leaving.destructive ? `the link leaves the site for ${hostOfUrl(href)}` : undefined) ??
    words ??
    (pathAct ? `the link's address names an act that cannot be undone (${pathAct.act}): ${displayAddress(href, from)}` : undefined);
  return { summary, landing: href, ...(reason ? { destructive: reason } : {}) };
}

/** Enter in a one-line field: the form's implicit submission, or whatever the page's script does. */
function enterInField(facts: TargetFacts, field: ControlFacts, from: string): ActJudgement {
  if (facts.form?.enterSubmits) return judgeSubmission(facts.form, facts.form.defaultButton, from, `Enter in ${describeControl(field)} submits`);
  return { summary: `presses Enter in ${describeControl(field)} (it is in no form it would submit: what happens is up to the page)` };
}

/** Enter in a text area or editable area: a new line, unless the box sits beside a Send/Post button (chat boxes send on Enter). */
function enterInEditable(facts: TargetFacts, box: ControlFacts): ActJudgement {
  const sender = (facts.nearby ?? [])
    .map((label) => ({ label, act: matchAct(label) }))
    .find((entry) => entry.act && ['send', 'post', 'publish', 'submit', 'confirm', 'pay', 'order'].includes(entry.act.act));
  if (!sender) return { summary: `starts a new line in ${describeControl(box)}` };
  return {
    summary: `presses Enter in ${describeControl(box)}, which may send it: the box has a ${quoted(sender.label)} button`,
    destructive: `message boxes beside a ${quoted(sender.label)} button usually send on Enter (${sender.act?.act})`,
  };
}

/**
 * A click, Enter or Space on what `facts` describe (the ref's element or the focused one). `from` is the
 * address of the page the act happens in (the frame's, for an act inside a frame).
 */
export function judgeActivation(facts: TargetFacts, how: Activation, from: string): ActJudgement {
  const act = how === 'click' ? 'clicks' : `presses ${how}`;
  if (facts.focus === 'frame') {
    return {
      summary: `${act} inside an embedded frame whose focused element cannot be read from here`,
      destructive: 'what has the keyboard focus is inside another frame, so what the key does cannot be judged',
    };
  }
  const target = facts.target;
  if (!target) return { summary: `${act} with nothing focused on the page` };
  if (target.editable === 'field' && how === 'Enter') return enterInField(facts, target, from);
  if ((target.editable === 'textarea' || target.editable === 'editable') && how === 'Enter') return enterInEditable(facts, target);
  if (target.editable && how === 'Space') return { summary: `types a space in ${describeControl(target)}` };
  // A click on a field only focuses it: its label is a question to the person, not an act.
  if (target.editable && how === 'click') return { summary: `clicks into ${describeControl(target)}` };
  // A box whose change handler submits or navigates: checking it is that submit, by click, Space or a fill.
  if (how !== 'Enter' && TOGGLES.has(target.role)) {
    const change = judgeChange(facts, from, `${how === 'click' ? 'clicks' : 'toggles'} ${describeControl(target)}`);
    if (change) return change;
  }
  if (how !== 'click' && TOGGLES.has(target.role)) {
    // Enter on a checkbox or radio in a form submits it, as in a field; Space only toggles.
    if (how === 'Enter' && facts.form?.enterSubmits)
      return judgeSubmission(facts.form, facts.form.defaultButton, from, `Enter on ${describeControl(target)} submits`);
    return { summary: `${how === 'Space' ? 'toggles' : 'presses Enter on'} ${describeControl(target)}` };
  }
  if (how === 'Space' && target.role === 'link') return { summary: `presses Space on ${describeControl(target)} (links ignore Space; the page may scroll)` };
  if (how !== 'click' && !ACTIVATABLE.has(target.role) && !target.submits)
    return { summary: `${act} on ${describeControl(target)} (what it does is up to the page)` };
  if (target.submits && facts.form)
    return judgeSubmission(facts.form, target, from, how === 'click' ? 'submits' : `${how} on ${describeControl(target)} submits`);
  if (target.role === 'link' || target.href !== undefined) return judgeLink(target, from);
  const summary = `${how === 'click' ? 'clicks' : `${how} activates`} ${describeControl(target)}`;
  // A tab header only shows its panel, a switch or a box toggles back, whatever it is labelled.
  if (SHOWS_ONLY_ROLES.has(target.role)) return { summary };
  const words = actReason(actOfLabels(labelsOf(target), { chip: target.chip }), { getOnly: false });
  return words ? { summary, destructive: words } : { summary };
}

const NAVIGATES = /\b(location|href|navigate|window\.open|open\s*\(|\.go\s*\(|assign|replace)\b/i;
const SUBMITS = /\bsubmit\b|requestSubmit/i;

/**
 * A change of a control (a box checked, a field filled, an option chosen) judged by what its inline
 * change handler does: submits its form, or navigates. Undefined when it shows neither. A heuristic:
 * handlers added with addEventListener cannot be seen from here.
 */
export function judgeChange(facts: TargetFacts, from: string, what: string): ActJudgement | undefined {
  const handler = facts.target?.handler ?? '';
  if (!handler) return undefined;
  if (facts.form && SUBMITS.test(handler)) {
    const submission = judgeSubmission(facts.form, undefined, from, 'submits');
    return { ...submission, summary: `${what}; its change handler submits the form: ${submission.summary}` };
  }
  if (NAVIGATES.test(handler))
    return { summary: `${what}; its change handler navigates the page`, destructive: 'its change handler navigates the page, and where to cannot be read' };
  return undefined;
}

/** Choosing options: judged as the submission or navigation the select is set up to cause on change. */
export function judgeSelect(facts: TargetFacts, from: string): ActJudgement {
  const select = facts.target;
  const chosen = facts.options ?? [];
  const what = `chooses ${chosen.map((option) => quoted(option.label)).join(', ') || 'options'}${select ? ` in ${describeControl(select)}` : ''}`;
  const handler = select?.handler ?? '';
  const url = chosen.find((option) => option.url)?.url;
  if (url && (NAVIGATES.test(handler) || handler === '')) {
    const link = judgeLink({ role: 'link', name: chosen[0]?.label ?? '', tag: 'option', text: '', href: url }, from);
    return { ...link, summary: `${what}; its options are addresses, so it may open ${displayAddress(url, from)}` };
  }
  if (facts.form && (SUBMITS.test(handler) || !facts.form.hasSubmitButton)) {
    const why = SUBMITS.test(handler) ? 'its change handler submits the form' : 'its form has no submit button, so it submits on change';
    const submission = judgeSubmission(facts.form, undefined, from, 'may submit');
    return { ...submission, summary: `${what}; ${why}: ${submission.summary}` };
  }
  if (NAVIGATES.test(handler))
    return { summary: `${what}; its change handler navigates the page`, destructive: 'its change handler navigates the page, and where to cannot be read' };
  return { summary: what };
}
