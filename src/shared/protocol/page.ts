/**
 * Every command the service worker sends to a page's content script, and every reply, declared once
 * with zod, as a map from command type to its input (`pageCommandSchema`) and its result
 * (`pageResultSchemas`). The worker sends `{ channel: 'pagewright/page', command }` through
 * `BrowserBridge.sendToTab`; the content script answers with `answerPageEnvelope(raw, handlers)`, whose
 * `PageHandlers` map the compiler checks against both (a handler for 'click' takes the click command and
 * must return the click result), giving `{ ok: true, result }` or `{ ok: false, error: { code, message,
 * suggestion, ... } }`. The worker checks the reply with `parsePageReply(command.type, reply)`.
 *
 * Refs: a content script only knows its own document, so commands carry local refs (`e12`); the
 * worker-side tools add and strip the frame prefix (`f3e12` = ref `e12` in frame 3).
 */
import { z } from 'zod';
import { errorPayloadSchema, toErrorPayload } from '../../runtime/errors.js';
import { pageResultSchemas } from './page-results.js';

/** The channel every page command carries, so the content script ignores anything else. */
export const PAGE_CHANNEL = 'pagewright/page';

const localRef = z.string().regex(/^e\d+$/, 'a local ref like e12');
/**
 * A child frame as its parent finds its iframe: by `index` in the parent's `window.frames` (what every
 * frame reports of itself, src/background/frame-tree.ts), else the `nth` iframe whose address is `url`.
 */
const childFrame = { frameId: z.number().int().min(1), url: z.string(), nth: z.number().int().min(0), index: z.number().int().min(0).optional() };
const modifier = z.enum(['Alt', 'Control', 'Meta', 'Shift']);

/** Every command, discriminated by `type`. */
export const pageCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({
    type: z.literal('snapshot'),
    filter: z.enum(['all', 'interactive']),
    ref: localRef.optional(),
    maxDepth: z.number().int().min(1).max(200).optional(),
    /** Prefix for the refs written into the text and element map ('' in the top frame, 'f3' in frame 3). */
    refPrefix: z.string().regex(/^(f\d+)?$/),
  }),
  z.object({ type: z.literal('find'), query: z.string().min(1), limit: z.number().int().min(1).max(50), refPrefix: z.string().regex(/^(f\d+)?$/) }),
  z.object({ type: z.literal('page_text'), mainContent: z.boolean() }),
  z.object({
    type: z.literal('click'),
    ref: localRef,
    documentId: z.string().optional(),
    button: z.enum(['left', 'right', 'middle']),
    clickCount: z.number().int().min(1).max(3),
    modifiers: z.array(modifier),
  }),
  z.object({
    type: z.literal('type'),
    ref: localRef,
    documentId: z.string().optional(),
    text: z.string(),
    clear: z.boolean(),
    submit: z.boolean(),
    /** Type where the caret is, replacing the selection (after select_text), instead of clearing or appending. */
    atSelection: z.boolean().optional(),
  }),
  /** Selects the one occurrence of `text` in a field or editable area (src/content/select-text.ts). */
  z.object({ type: z.literal('select_text'), ref: localRef, documentId: z.string().optional(), text: z.string().min(1).max(2_000) }),
  /** What a code editor has selected, read from its focus target (src/content/code-editor.ts). */
  z.object({ type: z.literal('editor_selection'), ref: localRef, documentId: z.string().optional() }),
  z.object({
    type: z.literal('fill'),
    documentId: z.string().optional(),
    fields: z
      .array(z.object({ ref: localRef, value: z.string() }))
      .min(1)
      .max(50),
  }),
  z.object({ type: z.literal('select'), ref: localRef, documentId: z.string().optional(), values: z.array(z.string()).min(1) }),
  z.object({ type: z.literal('press_key'), key: z.string().min(1), ref: localRef.optional(), documentId: z.string().optional() }),
  z.object({
    type: z.literal('scroll'),
    ref: localRef.optional(),
    documentId: z.string().optional(),
    direction: z.enum(['up', 'down', 'left', 'right']).optional(),
    amount: z.number().min(0.1).max(20).optional(),
    /** With ref: scroll inside it to its top or bottom. */
    to: z.enum(['top', 'bottom']).optional(),
  }),
  z.object({ type: z.literal('hover'), ref: localRef, documentId: z.string().optional() }),
  z.object({ type: z.literal('text_present'), text: z.string().optional(), textGone: z.string().optional() }),
  /** What an act would act on (the ref's element, or the focused one), read just before it is judged. */
  z.object({ type: z.literal('inspect'), ref: localRef.optional(), documentId: z.string().optional(), values: z.array(z.string()).max(100).optional() }),
  /**
   * The act's own checks before anyone is asked (src/content/precheck.ts): a select, a field that takes text, shown and
   * enabled; `words`: a field or editor whose words can be selected (read-only ones too).
   */
  z.object({ type: z.literal('precheck'), ref: localRef, documentId: z.string().optional(), purpose: z.enum(['select', 'type', 'words']) }),
  /** A custom combobox's parts (src/content/combobox.ts): the widget, what opens it, its values; `native` for a plain <select>. */
  z.object({ type: z.literal('combobox_parts'), ref: localRef, documentId: z.string().optional() }),
  /** Waits (bounded) for the opened combobox's option named `name` (or, `untilAny`, any option) to show. */
  z.object({
    type: z.literal('combobox_option'),
    ref: localRef,
    documentId: z.string().optional(),
    name: z.string().min(1).max(500),
    untilAny: z.boolean(),
    maxMs: z.number().int().min(0).max(5_000),
  }),
  /** The values a custom combobox shows now, and whether its popup is open (after waiting, bounded, for it to close). */
  z.object({
    type: z.literal('combobox_value'),
    ref: localRef,
    documentId: z.string().optional(),
    closedWithinMs: z.number().int().min(0).max(3_000).optional(),
  }),
  /** What a ref would take files on (src/content/upload.ts): its file input, or a drop zone. Sends no event. */
  z.object({ type: z.literal('file_target'), ref: localRef, documentId: z.string().optional() }),
  /** Puts files (bytes in base64) into the ref's file input, or drops them on its drop zone. */
  z.object({
    type: z.literal('upload'),
    ref: localRef,
    documentId: z.string().optional(),
    files: z
      .array(z.object({ name: z.string().min(1).max(200), type: z.string().max(100), size: z.number().int().min(0), base64: z.string() }))
      .min(1)
      .max(20),
  }),
  /** What the page shows of the uploaded files now (src/content/upload-preview.ts): a preview or entry naming each. */
  z.object({ type: z.literal('upload_shown'), ref: localRef, documentId: z.string().optional(), names: z.array(z.string().max(200)).min(1).max(20) }),
  // Trusted input (src/content/locate.ts): the point to act at, checked like a synthetic action.
  z.object({
    type: z.literal('locate'),
    ref: localRef,
    documentId: z.string().optional(),
    purpose: z.enum(['click', 'hover', 'type', 'focus']),
    /** Also start watching where the pointer lands on it (pointer moves and presses): the reply's `watch` token. */
    watch: z.boolean().optional(),
    /** A point the model gave (this frame's viewport): act exactly there, without scrolling, if the element is still what is there. */
    at: z.object({ x: z.number(), y: z.number() }).optional(),
  }),
  /** The size of this frame's viewport in CSS pixels (a screenshot states its scale against it). */
  z.object({ type: z.literal('viewport') }),
  /** The element at a point of this frame's viewport (given a ref), or the child frame there and the point inside it. */
  z.object({ type: z.literal('point_target'), x: z.number(), y: z.number() }),
  /** Drags one element of this frame onto another by synthetic events (no trusted pointer: src/content/synthetic-drag.ts). */
  z.object({ type: z.literal('drag'), from: localRef, to: localRef, documentId: z.string().optional(), steps: z.number().int().min(1).max(50) }),
  /** Starts following where the ref's element sits (its list and position) across a drag. */
  z.object({ type: z.literal('drag_place_start'), ref: localRef, documentId: z.string().optional() }),
  /** Where the followed element is now, against where it was, in words. */
  z.object({ type: z.literal('drag_place_end'), token: z.string().max(40) }),
  /** In the drop's frame: starts keeping what a drag adds to the page (src/content/drop-effects.ts); `ref` is the drop target. */
  z.object({ type: z.literal('drop_watch_start'), ref: localRef.optional(), documentId: z.string().optional() }),
  /**
   * What the drag added, in words: a connection between its ends, a thing where it was dropped. `from`/`to`: the
   * drag's ends in this frame's viewport (`from` only when it began in this frame); `offset`: this frame's viewport in the top one's.
   */
  z.object({
    type: z.literal('drop_watch_end'),
    token: z.string().max(40),
    refPrefix: z.string().regex(/^(f\d+)?$/),
    from: z.object({ x: z.number(), y: z.number() }).optional(),
    to: z.object({ x: z.number(), y: z.number() }).optional(),
    offset: z.object({ x: z.number(), y: z.number() }).optional(),
  }),
  /**
   * The point (x, y) of child frame `frameId` in this frame's viewport. `index` (its place in this frame's `window.frames`)
   * finds its iframe; `url`/`nth` only where no index could be told.
   */
  z.object({ type: z.literal('frame_offset'), ...childFrame, x: z.number(), y: z.number() }),
  z.object({ type: z.literal('caret'), ref: localRef, documentId: z.string().optional(), mode: z.enum(['all', 'end', 'keep']) }),
  // The act judged again where it lands (src/content/point-check.ts, key-guard.ts): after the pointer has moved and the
  // page has reacted, the element at the point; before and after every key, the element holding focus.
  /** The target frame: is the watched element still at the point (x, y) of this frame ('press'), or did the move land on it ('move')? */
  z.object({
    type: z.literal('point_check'),
    token: z.string().max(40),
    x: z.number(),
    y: z.number(),
    purpose: z.enum(['press', 'move', 'drop']),
    /** For a drop: the watch on the dragged element (a sortable list moves it under the pointer, which is no redirection). */
    dragged: z.string().max(40).optional(),
    /** The pointer's move was sent with this check: wait (bounded) for it to arrive and for the page's handlers first. */
    afterMove: z.boolean().optional(),
  }),
  /** An ancestor frame: is the point (x, y) of this frame still on child frame `frameId`'s iframe, uncovered? */
  z.object({
    type: z.literal('frame_point_check'),
    ...childFrame,
    x: z.number(),
    y: z.number(),
  }),
  /** Where press number `presses` of the watched pointer landed (waiting briefly for it); `end` stops watching once it has. */
  z.object({ type: z.literal('pointer_landed'), token: z.string().max(40), presses: z.number().int().min(1).max(3), end: z.boolean() }),
  /**
   * Arms the key guard on the ref's element (no ref: the focused one, a child frame's iframe when focus is in
   * that frame): keys and text reaching any other element of this document are stopped.
   */
  z.object({ type: z.literal('guard_keys'), ref: localRef.optional(), documentId: z.string().optional() }),
  /**
   * What reached the guarded element since it was armed, and whether it still holds focus; `expect` first
   * waits (bounded) for that many key events to have arrived and for their handlers; `end` disarms.
   */
  z.object({ type: z.literal('keys_landed'), token: z.string().max(40), expect: z.number().int().min(0).optional(), end: z.boolean() }),
  /** An ancestor frame: does focus in this frame rest on child frame `frameId`'s iframe? */
  z.object({ type: z.literal('frame_focus'), ...childFrame }),
  // What an action did (src/content/observe.ts): armed before it, read after the page settles.
  z.object({
    type: z.literal('observe_start'),
    ref: localRef.optional(),
    documentId: z.string().optional(),
    refPrefix: z.string().regex(/^(f\d+)?$/),
    /** The act says itself what changed inside its target (a combobox's pick): changes there are not listed again. */
    quietTarget: z.boolean().optional(),
  }),
  /** Waits for the page to go quiet (as observe_end does) without ending the observation: the act's requests may still answer. */
  z.object({
    type: z.literal('observe_wait'),
    token: z.string().max(40),
    quietMs: z.number().int().min(0).max(5_000),
    maxMs: z.number().int().min(0).max(15_000),
  }),
  z.object({
    type: z.literal('observe_end'),
    token: z.string().max(40),
    quietMs: z.number().int().min(0).max(5_000),
    maxMs: z.number().int().min(0).max(15_000),
  }),
]);
export type PageCommand = z.infer<typeof pageCommandSchema>;
export type PageCommandType = PageCommand['type'];
/** The command of one type. */
export type PageCommandOf<T extends PageCommandType> = Extract<PageCommand, { type: T }>;

/** The envelope on the wire. */
export const pageEnvelopeSchema = z.object({ channel: z.literal(PAGE_CHANNEL), command: pageCommandSchema });
export type PageEnvelope = z.infer<typeof pageEnvelopeSchema>;

/** Wraps a command in its envelope. */
export function pageEnvelope(command: PageCommand): PageEnvelope {
  return { channel: PAGE_CHANNEL, command };
}

export { pageResultSchemas } from './page-results.js';

/** The result type of a command type. */
export type PageResultOf<T extends PageCommandType> = z.infer<(typeof pageResultSchemas)[T]>;

/** The content script's handler for one command: its result, at once or once the page has settled. */
export type PageHandler<T extends PageCommandType> = (command: PageCommandOf<T>) => PageResultOf<T> | Promise<PageResultOf<T>>;

/** A handler for every command; the compiler checks each takes its own command and returns its own result. */
export type PageHandlers = { [T in PageCommandType]: PageHandler<T> };

/** A structured error from the content script. */
export const pageErrorSchema = errorPayloadSchema;
export type PageError = z.infer<typeof pageErrorSchema>;

/** The reply envelope for any command. */
export const pageReplySchema = z.union([z.object({ ok: z.literal(true), result: z.unknown() }), z.object({ ok: z.literal(false), error: pageErrorSchema })]);
export type PageReply = z.infer<typeof pageReplySchema>;

/**
 * Checks a raw reply against the envelope and the command's result schema. Returns the typed result or
 * the page's error; a malformed reply becomes a BAD_REPLY error (never trusted, never thrown raw).
 */
export function parsePageReply<T extends PageCommandType>(type: T, raw: unknown): { ok: true; result: PageResultOf<T> } | { ok: false; error: PageError } {
  const envelope = pageReplySchema.safeParse(raw);
  if (!envelope.success) {
    return {
      ok: false,
      error: { code: 'BAD_REPLY', message: `The page's content script sent an unexpected reply to '${type}'.`, suggestion: 'Reload the page and try again.' },
    };
  }
  if (!envelope.data.ok) return { ok: false, error: envelope.data.error };
  const result = pageResultSchemas[type].safeParse(envelope.data.result);
  if (!result.success) {
    return {
      ok: false,
      error: {
        code: 'BAD_REPLY',
        message: `The reply to '${type}' did not match the protocol: ${result.error.issues[0]?.message ?? 'invalid'}.`,
        suggestion: 'Reload the page and try again.',
      },
    };
  }
  return { ok: true, result: result.data as PageResultOf<T> };
}

/** What the page's error says to do when the error itself does not say. */
const PAGE_ERROR_SUGGESTION = 'Call read_page to see the page as it is now, then try again.';

/**
 * The content script's side: parses a whole envelope (channel and command), runs the command's handler
 * and replies. Every outcome is a reply, never a throw: a malformed envelope is BAD_COMMAND, anything a
 * handler throws is the wire error (`toErrorPayload`).
 */
export async function answerPageEnvelope(raw: unknown, handlers: PageHandlers): Promise<PageReply> {
  const parsed = pageEnvelopeSchema.safeParse(raw);
  if (!parsed.success) {
    const detail = parsed.error.issues[0]?.message ?? 'invalid';
    return {
      ok: false,
      error: { code: 'BAD_COMMAND', message: `The content script cannot run this command: ${detail}.`, suggestion: 'Reload the extension.' },
    };
  }
  const command = parsed.data.command;
  // The type was checked against the schema's enum above, so this is one of the map's own handlers.
  const handler = handlers[command.type] as (command: PageCommand) => unknown;
  try {
    return { ok: true, result: await handler(command) };
  } catch (error) {
    return { ok: false, error: toErrorPayload(error, { suggestion: PAGE_ERROR_SUGGESTION }) };
  }
}
