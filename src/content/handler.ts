/**
 * Runs one page command and builds its reply. Pure dispatch over `src/shared/protocol/page.ts`: the
 * message listener (index.ts) decides who may send commands; this file decides what they do. No
 * command evaluates code or selectors supplied from outside: only refs, text and fixed options.
 */
import { serializeError } from '../runtime/errors.js';
import { pageCommandSchema, pageEnvelopeSchema, type PageCommand, type PageReply } from '../shared/protocol/page.js';
import { clickElement, fillField, hoverElement, pageHasText, scrollBy, scrollToElement, selectOptions, typeText } from './actions.js';
import { rootElementOf, scrollingElementOf, titleOf } from './dom.js';
import { finishObservation, observationTarget, startObservation } from './observe.js';
import { pressKey } from './keyboard.js';
import { frameElementOf, frameOffset, locate, placeCaret } from './locate.js';
import { findElements } from './find.js';
import { inspectTarget } from './inspect.js';
import { extractPageText } from './page-text.js';
import { documentId, pruneRefs, resolveRef } from './refs.js';
import { capSnapshot, capText } from './reply-caps.js';
import { actWhenSettled } from './target.js';
import { takeSnapshot } from './snapshot.js';

function action(summary: string): { documentId: string; url: string; summary: string } {
  return { documentId, url: location.href, summary };
}

/** Executes a parsed command. Throws ToolErrors; `handlePageMessage` turns them into replies. */
export async function runCommand(command: PageCommand): Promise<unknown> {
  switch (command.type) {
    case 'ping':
      return { documentId, url: location.href, title: titleOf() };
    case 'snapshot': {
      const root = command.ref ? resolveRef(command.ref) : undefined;
      const result = takeSnapshot({
        filter: command.filter,
        refPrefix: command.refPrefix,
        ...(root ? { root } : {}),
        ...(command.maxDepth ? { maxDepth: command.maxDepth } : {}),
      });
      pruneRefs();
      return capSnapshot(result); // a page decides its own size: bound what crosses to the worker
    }
    case 'find':
      return findElements(command.query, command.limit, command.refPrefix);
    case 'page_text': {
      const text = extractPageText(command.mainContent);
      return { ...text, markdown: capText(text.markdown).text }; // bounded like the snapshot
    }
    case 'click': {
      const element = resolveRef(command.ref, command.documentId);
      return action(
        await actWhenSettled(element, () => clickElement(element, { button: command.button, clickCount: command.clickCount, modifiers: command.modifiers })),
      );
    }
    case 'type': {
      const element = resolveRef(command.ref, command.documentId);
      return action(await actWhenSettled(element, () => typeText(element, command.text, { clear: command.clear, submit: command.submit })));
    }
    case 'fill': {
      // Resolve every ref first: a stale ref fails the whole call before anything is changed.
      const targets = command.fields.map((field) => ({ ref: field.ref, element: resolveRef(field.ref, command.documentId), value: field.value }));
      const results = targets.map(({ ref, element, value }) => {
        try {
          return { ref, ok: true, message: fillField(element, value) };
        } catch (error) {
          const payload = serializeError(error);
          // The line is all the model sees of this field's error: keep what the details would have told it (OPTION_NOT_FOUND's options).
          const options = payload.details?.['options'];
          const listed = Array.isArray(options) && options.length > 0 ? ` Options: ${options.map(String).join('; ')}.` : '';
          return { ref, ok: false, code: payload.code, message: `${payload.message}${payload.suggestion ? ` ${payload.suggestion}` : ''}${listed}` };
        }
      });
      const failed = results.filter((result) => !result.ok).length;
      return { ...action(`Filled ${results.length - failed} of ${results.length} fields.`), results };
    }
    case 'select': {
      const element = resolveRef(command.ref, command.documentId);
      const { summary, selected } = await actWhenSettled(element, () => selectOptions(element, command.values));
      return { ...action(summary), selected };
    }
    case 'press_key':
      return action(pressKey(command.key, command.ref ? resolveRef(command.ref, command.documentId) : undefined));
    case 'scroll': {
      const summary = command.ref
        ? scrollToElement(resolveRef(command.ref, command.documentId))
        : scrollBy(command.direction ?? 'down', command.amount ?? 1).summary;
      const page = scrollingElementOf() ?? rootElementOf() ?? { scrollTop: 0, scrollHeight: 0 };
      return {
        ...action(summary),
        scrollX: Math.round(scrollX),
        scrollY: Math.round(scrollY),
        atTop: page.scrollTop <= 0,
        atBottom: Math.ceil(page.scrollTop + innerHeight) >= page.scrollHeight,
      };
    }
    case 'hover': {
      const element = resolveRef(command.ref, command.documentId);
      return action(await actWhenSettled(element, () => hoverElement(element)));
    }
    case 'inspect':
      return inspectTarget(command.ref ? resolveRef(command.ref, command.documentId) : undefined, command.values ? { values: command.values } : {});
    case 'locate': {
      const element = resolveRef(command.ref, command.documentId);
      return actWhenSettled(element, () => locate(element, command.purpose));
    }
    case 'frame_offset':
      return actWhenSettled(frameElementOf(command.frameId, command.url, command.nth), () =>
        frameOffset(command.frameId, command.url, command.nth, command.x, command.y),
      );
    case 'caret':
      return placeCaret(resolveRef(command.ref, command.documentId), command.mode);
    case 'observe_start':
      return startObservation(observationTarget(command.ref, command.documentId), command.refPrefix);
    case 'observe_end':
      return finishObservation(command.token, command.quietMs, command.maxMs);
    case 'text_present':
      return {
        url: location.href,
        ...(command.text !== undefined ? { textFound: pageHasText(command.text) } : {}),
        ...(command.textGone !== undefined ? { textGone: !pageHasText(command.textGone) } : {}),
      };
  }
}

const badCommand = (detail: string | undefined): PageReply => ({
  ok: false,
  error: { code: 'BAD_COMMAND', message: `The content script cannot run this command: ${detail ?? 'invalid'}.`, suggestion: 'Reload the extension.' },
});

/** Parses a whole envelope from the worker (channel and command) and runs its command; always a reply. */
export async function handlePageEnvelope(raw: unknown): Promise<PageReply> {
  const parsed = pageEnvelopeSchema.safeParse(raw);
  if (!parsed.success) return badCommand(parsed.error.issues[0]?.message);
  return runChecked(parsed.data.command);
}

/** Parses an incoming command and runs it; every outcome is a reply, never a throw. */
export async function handlePageCommand(raw: unknown): Promise<PageReply> {
  const parsed = pageCommandSchema.safeParse(raw);
  if (!parsed.success) return badCommand(parsed.error.issues[0]?.message);
  return runChecked(parsed.data);
}

async function runChecked(command: PageCommand): Promise<PageReply> {
  try {
    return { ok: true, result: await runCommand(command) };
  } catch (error) {
    const { code, message, suggestion, details } = serializeError(error);
    return {
      ok: false,
      error: { ...(details ?? {}), code, message, suggestion: suggestion ?? 'Call read_page to see the page as it is now, then try again.' },
    };
  }
}
