/**
 * The result of each page command (src/shared/protocol/page.ts declares the commands and the wire), one
 * zod schema per command type; the compiler checks the map names every command.
 */
import { z } from 'zod';
import { elementSummarySchema } from '../../runtime/page-state.js';
import type { PageCommandType } from './page.js';

/** The top document's scroll offset, from its own content script (the browser's hit test takes document coordinates). */
const scrollOffset = z.object({ x: z.number(), y: z.number() }).optional();

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
  /** For a control with no name of its own in a list item or table row: that row's text (content/row-context.ts). */
  row: z.string().optional(),
  /** A checkbox's, switch's or radio's state now. */
  checked: z.boolean().optional(),
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
    /** Grids and lists that render only part of their items (their line, and how much is rendered and how to reach the rest): not searched whole. */
    partial: z
      .array(z.object({ line: z.string(), extent: z.string() }))
      .max(10)
      .default([]),
  }),
  page_text: z.object({ url: z.string(), title: z.string(), markdown: z.string(), usedReadability: z.boolean(), byline: z.string().optional() }),
  click: actionResult,
  /** How the page labels each end (a list item by its text), for the result line. */
  drag: actionResult.extend({ labels: z.object({ from: z.string(), to: z.string() }) }),
  type: actionResult,
  fill: actionResult.extend({
    results: z.array(z.object({ ref: z.string(), ok: z.boolean(), code: z.string().optional(), message: z.string() })),
  }),
  select: actionResult.extend({ selected: z.array(z.string()) }),
  press_key: actionResult,
  /** The page's position, or with `inside` the position of the element that scrolled. */
  scroll: actionResult.extend({
    scrollX: z.number(),
    scrollY: z.number(),
    atTop: z.boolean(),
    atBottom: z.boolean(),
    inside: z.boolean().optional(),
    /** A ref brought into view: whether the page itself moved, and whether anything did (the summary says what). */
    pageMoved: z.boolean().optional(),
    moved: z.boolean().optional(),
  }),
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
  combobox_parts: z.union([
    z.object({ kind: z.literal('native') }),
    z.object({
      kind: z.literal('combobox'),
      /** The widget's ref and the one to click to open it (its text box when one shows). */
      widget: z.string(),
      opener: z.string(),
      multiple: z.boolean(),
      values: z.array(z.string()),
      /** The ref asked for was the hidden select the widget mirrors. */
      mirrored: z.boolean(),
    }),
  ]),
  combobox_option: z.object({
    option: z.string().optional(),
    /** The option is or holds a link, or a button that submits its form: select_option leaves it to `click`. */
    leaves: z.enum(['link', 'submit']).optional(),
    textBox: z.string().optional(),
    /** The first names of the options shown, and how many there were. */
    seen: z.array(z.string()).max(8),
    count: z.number().int().min(0),
  }),
  combobox_value: z.object({ values: z.array(z.string()), open: z.boolean() }),
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
  upload_shown: z.object({ shown: z.array(z.string()) }),
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
    scroll: scrollOffset,
  }),
  frame_offset: z.object({ x: z.number(), y: z.number(), scroll: scrollOffset }),
  viewport: z.object({ width: z.number(), height: z.number() }),
  point_target: z.discriminatedUnion('kind', [
    /** `label`: what a person sees there (src/content/point-name.ts: `draggable "timestamp"`, `canvas`), '' for nothing nameable. */
    z.object({ kind: z.literal('element'), ref: z.string(), documentId: z.string(), url: z.string(), label: z.string(), summary: elementSummarySchema }),
    /**
     * The point is on a child frame: its id where the browser tells it, its place in `window.frames` (`index`), else
     * its address and place among iframes of that address, and the point in its viewport.
     */
    z.object({
      kind: z.literal('frame'),
      frameId: z.number().int().min(1).optional(),
      index: z.number().int().min(0).optional(),
      url: z.string(),
      nth: z.number().int().min(0),
      x: z.number(),
      y: z.number(),
    }),
  ]),
  drag_place_start: z.object({ token: z.string() }),
  /** `stayed`: the element is where it was; `item`: how it is named (`item "inject"`). */
  drag_place_end: z.object({ moved: z.boolean(), stayed: z.boolean(), item: z.string(), place: z.string() }),
  drop_watch_start: z.object({ token: z.string() }),
  drop_watch_end: z.object({
    /** `a connection was drawn from draggable "timestamp" to draggable "debug 1"`, one per connection. */
    connections: z.array(z.string()),
    /** The new thing nearest the drop point: `draggable "timestamp" [ref=e78] appeared on the canvas at (250, 150)`. */
    appeared: z.string().optional(),
    elements: z.record(z.string(), elementSummarySchema),
  }),
  caret: z.object({
    focused: z.boolean(),
    value: z.string(),
    placed: z.boolean(),
    /** With mode keep, in a code editor: the words it has selected ('' for a caret alone). */
    selected: z.string().optional(),
  }),
  select_text: z.object({
    selected: z.string(),
    label: z.string(),
    /** A code editor's words: press at `from`, Shift-press at `to` (frame viewport points); nothing is selected yet. */
    pointer: z.object({ from: z.object({ x: z.number(), y: z.number() }), to: z.object({ x: z.number(), y: z.number() }) }).optional(),
  }),
  /** What a code editor has selected, as its focus target holds it (undefined: it does not say). */
  editor_selection: z.object({ selected: z.string().optional() }),
  point_check: z.object({ ok: z.literal(true), scroll: scrollOffset }),
  frame_point_check: z.object({ ok: z.literal(true), scroll: scrollOffset }),
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
    /** Trusted keydowns, keyups and text insertions (beforeinput without a key) that reached the element. */
    keydowns: z.number().int(),
    keyups: z.number().int(),
    insertions: z.number().int(),
    /** Keypresses that followed a keydown to the element there: the character it types went there too. */
    keypresses: z.number().int(),
    /** Keydowns and keyups that reached this document, wherever they were aimed. */
    arrived: z.number().int(),
    /** Keys or text aimed at another element of this document, stopped before their default action. */
    blocked: z.number().int(),
    blockedOn: z.string().optional(),
    /** The page prevented the last keydown's default: a person's key types nothing then, and no keypress follows. */
    prevented: z.boolean(),
    /** The element still holds focus in this document. */
    focused: z.boolean(),
    /** The element is no longer in the document (a key's own handler removed it: an edit field Enter saves). */
    removed: z.boolean().optional(),
    /** This document never armed the guard: the frame holds another document now (a load replaced it). */
    replaced: z.boolean().optional(),
    /** What holds focus instead: `textbox "Amount"`, `a frame from pay.example`, `the page itself`. */
    now: z.string().optional(),
  }),
  frame_focus: z.object({ holds: z.boolean(), now: z.string().optional() }),
  observe_start: z.object({ token: z.string() }),
  /** `observing` false: no observation of that token is armed (the page changed documents). */
  observe_wait: z.object({ observing: z.boolean() }),
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
