/**
 * What each page command does: one handler per command of `src/shared/protocol/page.ts`, in one map the
 * compiler checks against it (each handler takes its own command and returns its own result type), so a
 * reply with a wrong or missing field fails the build rather than the worker's check. The message
 * listener (index.ts) decides who may send commands; this file decides what they do. No command
 * evaluates code or selectors supplied from outside: only refs, text and fixed options.
 */
import { selectText } from './select-text.js';
import { settledEditorSelection } from './code-editor.js';
import { toErrorPayload } from '../runtime/errors.js';
import { answerPageEnvelope, type PageHandlers, type PageReply, type PageResultOf } from '../shared/protocol/page.js';
import { clickElement, fillField, hoverElement, pageHasText, scrollBy, selectOptions, typeText } from './actions.js';
import { rootElementOf, scrollingElementOf, titleOf } from './dom.js';
import { scrollInside } from './scroll-inside.js';
import { scrollIntoViewSaying } from './scroll-into-view.js';
import { finishObservation, observationTarget, startObservation, waitForQuiet } from './observe.js';
import { pressKey } from './keyboard.js';
import { frameElementOf, frameOffset, locate, locateAt, placeCaret } from './locate.js';
import { pointTarget } from './point-target.js';
import { endPlace, startPlace } from './drag-place.js';
import { endDropWatch, startDropWatch } from './drop-effects.js';
import { syntheticDrag } from './synthetic-drag.js';
import { findElements } from './find.js';
import { inspectTarget } from './inspect.js';
import { extractPageText } from './page-text.js';
import { documentId, pruneRefs, resolveRef } from './refs.js';
import { capSnapshot, capText } from './reply-caps.js';
import { actWhenSettled, motionSettled } from './target.js';
import { checkFramePoint, checkPoint, pressLanded } from './point-check.js';
import { frameHoldsFocus, guardKeys, keysLanded } from './key-guard.js';
import { deepActiveElement } from './observe-util.js';
import { takeSnapshot } from './snapshot.js';
import { fileTarget, uploadFiles } from './upload.js';
import { uploadShown } from './upload-preview.js';
import { precheck } from './precheck.js';
import { comboboxClosed, comboboxOption, comboboxParts, comboboxValues, widgetOf } from './combobox.js';

/** What every action reports: where the page is now, and its one line for the model. */
function action(summary: string): PageResultOf<'click'> {
  return { documentId, url: location.href, summary };
}

/** One fill_form field: its line, or its error as a line (the whole call goes on with the other fields). */
function fillOne(ref: string, element: Element, value: string): PageResultOf<'fill'>['results'][number] {
  try {
    return { ref, ok: true, message: fillField(element, value) };
  } catch (error) {
    // No advice of our own (''): the call's summary already says how many fields failed.
    const { code, message, suggestion, options } = toErrorPayload(error, { suggestion: '' });
    // The line is all the model sees of this field's error: keep what the details would have told it (OPTION_NOT_FOUND's options).
    const listed = Array.isArray(options) && options.length > 0 ? ` Options: ${options.map(String).join('; ')}.` : '';
    return { ref, ok: false, code, message: `${message}${suggestion ? ` ${suggestion}` : ''}${listed}` };
  }
}

/** Every command's handler. Each throws ToolErrors; `answerPageEnvelope` turns them into replies. */
export const pageHandlers: PageHandlers = {
  ping: () => ({ documentId, url: location.href, title: titleOf() }),
  snapshot: (command) => {
    const root = command.ref ? resolveRef(command.ref) : undefined;
    const result = takeSnapshot({
      filter: command.filter,
      refPrefix: command.refPrefix,
      ...(root ? { root } : {}),
      ...(command.maxDepth ? { maxDepth: command.maxDepth } : {}),
    });
    pruneRefs();
    return capSnapshot(result); // a page decides its own size: bound what crosses to the worker
  },
  find: (command) => findElements(command.query, command.limit, command.refPrefix),
  page_text: (command) => {
    const text = extractPageText(command.mainContent);
    return { ...text, markdown: capText(text.markdown).text }; // bounded like the snapshot
  },
  click: async (command) => {
    const element = resolveRef(command.ref, command.documentId);
    const options = { button: command.button, clickCount: command.clickCount, modifiers: command.modifiers };
    return action(await actWhenSettled(element, () => clickElement(element, options)));
  },
  type: async (command) => {
    const element = resolveRef(command.ref, command.documentId);
    return action(
      await actWhenSettled(element, () =>
        typeText(element, command.text, { clear: command.clear, submit: command.submit, atSelection: command.atSelection === true }),
      ),
    );
  },
  fill: (command) => {
    // Resolve every ref first: a stale ref fails the whole call before anything is changed.
    const targets = command.fields.map((field) => ({ ref: field.ref, element: resolveRef(field.ref, command.documentId), value: field.value }));
    const results = targets.map(({ ref, element, value }) => fillOne(ref, element, value));
    const failed = results.filter((result) => !result.ok).length;
    return { ...action(`Filled ${results.length - failed} of ${results.length} fields.`), results };
  },
  select: async (command) => {
    const element = resolveRef(command.ref, command.documentId);
    const { summary, selected } = await actWhenSettled(element, () => selectOptions(element, command.values));
    return { ...action(summary), selected };
  },
  press_key: (command) => action(pressKey(command.key, command.ref ? resolveRef(command.ref, command.documentId) : undefined)),
  scroll: async (command) => {
    if (command.ref && (command.direction || command.amount || command.to)) {
      const { summary, ...position } = await scrollInside(resolveRef(command.ref, command.documentId), command);
      return { ...action(summary), ...position, inside: true };
    }
    const intoView = command.ref ? scrollIntoViewSaying(resolveRef(command.ref, command.documentId)) : undefined;
    const summary = intoView?.summary ?? scrollBy(command.direction ?? 'down', command.amount ?? 1).summary;
    const page = scrollingElementOf() ?? rootElementOf() ?? { scrollTop: 0, scrollHeight: 0 };
    return {
      ...action(summary),
      scrollX: Math.round(scrollX),
      scrollY: Math.round(scrollY),
      atTop: page.scrollTop <= 0,
      atBottom: Math.ceil(page.scrollTop + innerHeight) >= page.scrollHeight,
      ...(intoView ? { pageMoved: intoView.pageMoved, moved: intoView.moved } : {}),
    };
  },
  hover: async (command) => {
    const element = resolveRef(command.ref, command.documentId);
    return action(await actWhenSettled(element, () => hoverElement(element)));
  },
  text_present: (command) => ({
    url: location.href,
    ...(command.text !== undefined ? { textFound: pageHasText(command.text) } : {}),
    ...(command.textGone !== undefined ? { textGone: !pageHasText(command.textGone) } : {}),
  }),
  precheck: (command) => precheck(resolveRef(command.ref, command.documentId), command.purpose),
  combobox_parts: (command) => comboboxParts(resolveRef(command.ref, command.documentId)),
  combobox_option: (command) => comboboxOption(resolveRef(command.ref, command.documentId), command.name, command),
  combobox_value: async (command) => {
    const widget = widgetOf(resolveRef(command.ref, command.documentId)) ?? resolveRef(command.ref, command.documentId);
    const open = await comboboxClosed(widget, command.closedWithinMs ?? 0);
    return { values: comboboxValues(widget), open };
  },
  file_target: (command) => fileTarget(resolveRef(command.ref, command.documentId)),
  upload: (command) => uploadFiles(resolveRef(command.ref, command.documentId), command),
  upload_shown: (command) => {
    // The zone may have gone with the drop (Uppy replaces its "browse files" button): the files' entries are still read.
    let target: Element | undefined;
    try {
      target = resolveRef(command.ref, command.documentId);
    } catch {
      target = undefined;
    }
    return { shown: uploadShown(command.names, target) };
  },
  inspect: (command) => inspectTarget(command.ref ? resolveRef(command.ref, command.documentId) : undefined, command.values ? { values: command.values } : {}),
  locate: async (command) => {
    const element = resolveRef(command.ref, command.documentId);
    // A target still moving into place (an app animating it in) is aimed at where it comes to rest.
    if (command.purpose !== 'focus' && !command.at) await motionSettled(element);
    if (command.at) return locateAt(element, command.at, command.watch === true);
    return actWhenSettled(element, () => locate(element, command.purpose, command.watch === true));
  },
  viewport: () => ({ width: innerWidth, height: innerHeight }),
  point_target: (command) => pointTarget(command),
  drag: (command) => syntheticDrag(command),
  drag_place_start: (command) => startPlace(command),
  drag_place_end: (command) => endPlace(command),
  drop_watch_start: (command) => startDropWatch(command),
  drop_watch_end: (command) => endDropWatch(command),
  frame_offset: (command) => actWhenSettled(frameElementOf(command), () => frameOffset(command)),
  caret: (command) => placeCaret(resolveRef(command.ref, command.documentId), command.mode),
  select_text: (command) => selectText(resolveRef(command.ref, command.documentId), command.text),
  editor_selection: (command) => settledEditorSelection(resolveRef(command.ref, command.documentId)),
  point_check: (command) => checkPoint(command),
  frame_point_check: (command) => checkFramePoint(command),
  pointer_landed: (command) => pressLanded(command),
  // Without a ref the keys were judged on the focused element; focus on a child frame's iframe guards that
  // the keys go into that frame (any key event reaching this document then means focus left it).
  guard_keys: (command) => guardKeys(command.ref ? resolveRef(command.ref, command.documentId) : (deepActiveElement() ?? document.body)),
  keys_landed: (command) => keysLanded(command),
  frame_focus: (command) => frameHoldsFocus(command),
  observe_start: (command) => startObservation(observationTarget(command.ref, command.documentId), command.refPrefix, command.quietTarget ?? false),
  observe_wait: (command) => waitForQuiet(command.token, command.quietMs, command.maxMs),
  observe_end: (command) => finishObservation(command.token, command.quietMs, command.maxMs),
};

/** Parses a whole envelope from the worker (channel and command) and runs its command; always a reply. */
export function handlePageEnvelope(raw: unknown): Promise<PageReply> {
  return answerPageEnvelope(raw, pageHandlers);
}
