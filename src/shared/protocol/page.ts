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
import { elementSummarySchema } from '../../runtime/page-state.js';

/** The channel every page command carries, so the content script ignores anything else. */
export const PAGE_CHANNEL = 'pagewright/page';

const localRef = z.string().regex(/^e\d+$/, 'a local ref like e12');
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
  /** The act's own checks before anyone is asked (src/content/precheck.ts): a select, a field that takes text, shown and enabled. */
  z.object({ type: z.literal('precheck'), ref: localRef, documentId: z.string().optional(), purpose: z.enum(['select', 'type']) }),
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
  /** Starts following where the ref's element sits (its list and position) across a drag. */
  z.object({ type: z.literal('drag_place_start'), ref: localRef, documentId: z.string().optional() }),
  /** Where the followed element is now, against where it was, in words. */
  z.object({ type: z.literal('drag_place_end'), token: z.string().max(40) }),
  /** The point (x, y) of child frame `frameId` in this frame's viewport; `url`/`nth` find its iframe where frame ids cannot. */
  z.object({ type: z.literal('frame_offset'), frameId: z.number().int().min(1), url: z.string(), nth: z.number().int().min(0), x: z.number(), y: z.number() }),
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
  }),
  /** An ancestor frame: is the point (x, y) of this frame still on child frame `frameId`'s iframe, uncovered? */
  z.object({
    type: z.literal('frame_point_check'),
    frameId: z.number().int().min(1),
    url: z.string(),
    nth: z.number().int().min(0),
    x: z.number(),
    y: z.number(),
  }),
  /** Where press number `presses` of the watched pointer landed; `end` stops watching. */
  z.object({ type: z.literal('pointer_landed'), token: z.string().max(40), presses: z.number().int().min(1).max(3), end: z.boolean() }),
  /**
   * Arms the key guard on the ref's element (no ref: the focused one, a child frame's iframe when focus is in
   * that frame): keys and text reaching any other element of this document are stopped.
   */
  z.object({ type: z.literal('guard_keys'), ref: localRef.optional(), documentId: z.string().optional() }),
  /** What reached the guarded element since it was armed, and whether it still holds focus; `end` disarms. */
  z.object({ type: z.literal('keys_landed'), token: z.string().max(40), end: z.boolean() }),
  /** An ancestor frame: does focus in this frame rest on child frame `frameId`'s iframe? */
  z.object({ type: z.literal('frame_focus'), frameId: z.number().int().min(1), url: z.string(), nth: z.number().int().min(0) }),
  // What an action did (src/content/observe.ts): armed before it, read after the page settles.
  z.object({ type: z.literal('observe_start'), ref: localRef.optional(), documentId: z.string().optional(), refPrefix: z.string().regex(/^(f\d+)?$/) }),
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

const frameMarker = z.object({
  /** The ref of the iframe element in this document (with the frame's prefix). */
  ref: z.string(),
  /** Its index in `window.frames`; the frame's own document finds the same path from inside. Null in shadow DOM. */
  index: z.number().int().min(0).nullable(),
  /** Its resolved `src` ('' for none). */
  src: z.string(),
  /** The line of `text` that is the iframe's: the frame's content goes under it (placed by this, never by searching the text). */
  line: z.number().int().min(0),
});

/** One control as the safety rules see it (src/content/inspect.ts): labels, link, form override, editability. */
const controlFacts = z.object({
  role: z.string(),
  name: z.string(),
  tag: z.string(),
  /** Its visible text (bounded), which may differ from the accessible name the page chose. */
  text: z.string(),
  title: z.string().optional(),
  /** A button inside an option of a multi-select (a chip's remove control): content/chip.ts. */
  chip: z.boolean().optional(),
  /** A button input's label (its value); never a field's contents. */
  value: z.string().optional(),
  inputType: z.string().optional(),
  autocomplete: z.string().optional(),
  /** A link's resolved address and its target attribute. */
  href: z.string().optional(),
  target: z.string().optional(),
  editable: z.enum(['field', 'textarea', 'editable']).optional(),
  /** An inline onchange/oninput handler's source (bounded): how a select may submit or navigate. */
  handler: z.string().optional(),
  /** A submit button: true, with its formmethod/formaction overrides. */
  submits: z.boolean().optional(),
  formMethod: z.string().optional(),
  formAction: z.string().optional(),
});

/** The form an act would submit: where, how, under what name, and what it carries. */
const formFacts = z.object({
  method: z.string(),
  action: z.string(),
  label: z.string(),
  hasSubmitButton: z.boolean(),
  /** HTML's implicit submission: Enter in one of its fields submits it. */
  enterSubmits: z.boolean(),
  defaultButton: controlFacts.optional(),
  /** An inline onsubmit handler is present (the page may do anything on submit). */
  handler: z.boolean(),
  fields: z.array(z.object({ name: z.string(), label: z.string(), type: z.string(), value: z.string(), masked: z.boolean() })).max(40),
});

/** What an action reports: where the page is now and which element it acted on. */
const actionResult = z.object({
  documentId: z.string(),
  url: z.string(),
  /** One line for the model, e.g. `Clicked button "Submit"`. */
  summary: z.string(),
});

/** The result schema of each command type. */
export const pageResultSchemas = {
  ping: z.object({ documentId: z.string(), url: z.string(), title: z.string() }),
  snapshot: z.object({
    documentId: z.string(),
    url: z.string(),
    title: z.string(),
    /** The tree, one node a line. Iframes appear as `- iframe [ref=e5]` lines at the lines `frames` names. */
    text: z.string(),
    elements: z.record(z.string(), elementSummarySchema),
    frames: z.array(frameMarker),
    nodeCount: z.number().int(),
    truncated: z.boolean(),
  }),
  find: z.object({
    documentId: z.string(),
    url: z.string(),
    matches: z.array(z.object({ ref: z.string(), line: z.string(), score: z.number() })),
    elements: z.record(z.string(), elementSummarySchema),
    total: z.number().int(),
    /** The visible iframes, to be searched next: index in `window.frames` (null in shadow DOM) and resolved src. */
    frames: z.array(z.object({ index: z.number().int().min(0).nullable(), src: z.string() })),
  }),
  page_text: z.object({ url: z.string(), title: z.string(), markdown: z.string(), usedReadability: z.boolean(), byline: z.string().optional() }),
  click: actionResult,
  type: actionResult,
  fill: actionResult.extend({
    results: z.array(z.object({ ref: z.string(), ok: z.boolean(), code: z.string().optional(), message: z.string() })),
  }),
  select: actionResult.extend({ selected: z.array(z.string()) }),
  press_key: actionResult,
  /** The page's position, or with `inside` the position of the element that scrolled. */
  scroll: actionResult.extend({ scrollX: z.number(), scrollY: z.number(), atTop: z.boolean(), atBottom: z.boolean(), inside: z.boolean().optional() }),
  hover: actionResult,
  text_present: z.object({ url: z.string(), textFound: z.boolean().optional(), textGone: z.boolean().optional() }),
  inspect: z.object({
    documentId: z.string(),
    /** The frame's address and origin: where typed text and key presses go. */
    url: z.string(),
    origin: z.string(),
    /** What `target` is: the ref's element, the focused element, nothing focused, or focus inside a child frame. */
    focus: z.enum(['ref', 'element', 'body', 'frame']),
    target: controlFacts.optional(),
    form: formFacts.optional(),
    /** Buttons beside an editable area (a message box's "Send"). */
    nearby: z.array(z.string()).max(10).optional(),
    /** For a select: the options the values would choose, with their address when a value is one. */
    options: z.array(z.object({ value: z.string(), label: z.string(), url: z.string().optional() })).optional(),
  }),
  precheck: z.object({ ok: z.literal(true) }),
  file_target: z.object({
    documentId: z.string(),
    url: z.string(),
    origin: z.string(),
    /** `input`: a file input (the ref's own, its label's, or the hidden one its button opens); `drop`: a drop zone. */
    kind: z.enum(['input', 'drop']),
    label: z.string(),
    /** The file input as messages name it, when it is not the ref itself. */
    input: z.string().optional(),
    multiple: z.boolean(),
    /** The input's accept attribute ('' for any file). */
    accept: z.string(),
  }),
  upload: actionResult.extend({
    kind: z.enum(['input', 'drop']),
    /** The names the file input holds now (empty for a drop: what the zone did is in the observer's report). */
    held: z.array(z.string()),
  }),
  /** The point to act at (viewport CSS pixels of this frame) and what the element is. */
  locate: z.object({
    documentId: z.string(),
    url: z.string(),
    x: z.number(),
    y: z.number(),
    label: z.string(),
    /** For typing: what kind of editable it is. */
    editable: z.enum(['field', 'textarea', 'editable']).optional(),
    /** True when the element (or, for 'focus', what it focused) has focus now. */
    focused: z.boolean(),
    /** The pointer watch armed on it (`watch: true`), for point_check and pointer_landed. */
    watch: z.string().optional(),
  }),
  frame_offset: z.object({ x: z.number(), y: z.number() }),
  viewport: z.object({ width: z.number(), height: z.number() }),
  point_target: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('element'), ref: z.string(), documentId: z.string(), url: z.string(), label: z.string(), summary: elementSummarySchema }),
    /** The point is on a child frame: its id where the browser tells it, its address and place, and the point in its viewport. */
    z.object({
      kind: z.literal('frame'),
      frameId: z.number().int().min(1).optional(),
      url: z.string(),
      nth: z.number().int().min(0),
      x: z.number(),
      y: z.number(),
    }),
  ]),
  drag_place_start: z.object({ token: z.string() }),
  drag_place_end: z.object({ moved: z.boolean(), place: z.string() }),
  caret: z.object({ focused: z.boolean(), value: z.string(), placed: z.boolean() }),
  select_text: z.object({ selected: z.string(), label: z.string() }),
  point_check: z.object({ ok: z.literal(true) }),
  frame_point_check: z.object({ ok: z.literal(true) }),
  pointer_landed: z.object({
    /** The press reached the watched element (or its label). */
    landed: z.boolean(),
    /** What it reached instead, when that is in this document: `button "Delete account"`. */
    on: z.string().optional(),
  }),
  guard_keys: z.object({
    token: z.string(),
    label: z.string(),
    focused: z.boolean(),
    now: z.string().optional(),
  }),
  keys_landed: z.object({
    /** Trusted keydowns and text insertions (beforeinput without a key) that reached the element. */
    keydowns: z.number().int(),
    insertions: z.number().int(),
    /** Keys or text aimed at another element of this document, stopped before their default action. */
    blocked: z.number().int(),
    blockedOn: z.string().optional(),
    /** The page prevented the last keydown's default: a person's key would type nothing, so no character follows it. */
    prevented: z.boolean(),
    /** The element still holds focus in this document. */
    focused: z.boolean(),
    /** The element is no longer in the document (a key's own handler removed it: an edit field Enter saves). */
    removed: z.boolean().optional(),
    /** What holds focus instead: `textbox "Amount"`, `a frame from pay.example`, `the page itself`. */
    now: z.string().optional(),
  }),
  frame_focus: z.object({ holds: z.boolean(), now: z.string().optional() }),
  observe_start: z.object({ token: z.string() }),
  observe_end: z.object({
    url: z.string(),
    /** Short clauses, most telling first: `list e13 gained 1 item "buy milk"`. */
    changes: z.array(z.string()),
    /** Where focus is now, when it moved: `textbox "Edit" [ref=e31]`. */
    focus: z.string().optional(),
    /** The target's value or state now, when it has one. */
    target: z.string().optional(),
    /** True when that state changed. */
    targetChanged: z.boolean().optional(),
    /** Where a click landed when it was not on the target. */
    landedElsewhere: z.string().optional(),
    /** The refs the action made stale (their elements left the page). */
    staleRefs: z.array(z.string()),
    /** Summaries of the refs named above, for the worker's snapshot cache. */
    elements: z.record(z.string(), elementSummarySchema),
  }),
} satisfies Record<PageCommandType, z.ZodType>;

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
