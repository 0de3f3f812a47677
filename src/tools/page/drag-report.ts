/**
 * What a drag did, read from the page around it: where the dragged element went (src/content/drag-place.ts)
 * and what the drop added (src/content/drop-effects.ts: a connection drawn between the drag's ends, a thing
 * that appeared where it was dropped). Said first in the act's line, as the model checks them first.
 * A palette item dragged onto a flow editor's canvas stays where it was while a node appears on the
 * canvas: that is a copy dropped, never "the page did not move it" alone, which read as a failed drag.
 */
import type { ToolUseContext } from '../../runtime/context.js';
import type { LedgerRead } from '../../runtime/data-ledger.js';
import type { PageResultOf } from '../../shared/protocol/page.js';
import type { Dragged } from './drag-input.js';
import { framePrefix, sendPageCommand } from './page-call.js';
import type { Target } from './pointer-check.js';

/** The page's watches across one drag: the dragged element followed in its frame, the drop's frame watched for what it adds. */
export interface DragWatch {
  follow?: string | undefined;
  drop?: string | undefined;
}

const documentOf = (target: Target) => (target.documentId ? { documentId: target.documentId } : {});

/** Arms the watches before the drag; the dragged element is followed only when it is an element (a point carries nothing). */
export async function watchDrag(context: ToolUseContext, from: Target, to: Target, followFrom: boolean): Promise<DragWatch> {
  const [follow, drop] = await Promise.all([
    followFrom
      ? sendPageCommand(context, from.tabId, { type: 'drag_place_start', ref: from.ref, ...documentOf(from) }, from.frameId).catch(() => undefined)
      : undefined,
    sendPageCommand(context, to.tabId, { type: 'drop_watch_start', ref: to.ref, ...documentOf(to) }, to.frameId).catch(() => undefined),
  ]);
  return { follow: follow?.token, drop: drop?.token };
}

/** The clauses a drag's line begins with, and whether any says the drag did something. */
export function dragClauses(
  place: PageResultOf<'drag_place_end'> | undefined,
  drop: PageResultOf<'drop_watch_end'> | undefined,
): { clauses: string[]; effect: boolean } {
  const clauses: string[] = [];
  // A dragged element that moved may have been drawn anew where it fell: that is the move, not a new thing.
  const appeared = place?.moved ? undefined : drop?.appeared;
  if (place?.stayed && appeared) clauses.push(`a copy was dropped: ${appeared}, and ${place.item} stayed where it was`);
  else {
    if (place) clauses.push(place.place);
    if (appeared) clauses.push(appeared);
  }
  clauses.push(...(drop?.connections ?? []));
  return { clauses, effect: Boolean(place?.moved || appeared || drop?.connections.length) };
}

/**
 * Reads the watches after the drag and puts what they saw at the head of the act's `line`. `origins` are
 * the frames' origins, for the data ledger: each clause is page text read in its frame.
 */
export async function dragReport(
  context: ToolUseContext,
  ends: { from: Target; to: Target },
  watch: DragWatch,
  acted: Pick<Dragged, 'points'> | undefined,
  outcome: { line: string; reads: LedgerRead[] },
  origins: { from: () => Promise<string | undefined>; to: () => Promise<string | undefined> },
): Promise<{ data: string; reads: LedgerRead[] }> {
  const { from, to } = ends;
  const points = acted?.points;
  const [place, drop] = await Promise.all([
    watch.follow ? sendPageCommand(context, from.tabId, { type: 'drag_place_end', token: watch.follow }, from.frameId).catch(() => undefined) : undefined,
    watch.drop
      ? sendPageCommand(
          context,
          to.tabId,
          {
            type: 'drop_watch_end',
            token: watch.drop,
            refPrefix: framePrefix(to.frameId),
            // A connection is looked for only within one frame: both ends must be in its viewport.
            ...(points && from.frameId === to.frameId ? { from: points.from } : {}),
            ...(points ? { to: points.to, offset: points.offset } : {}),
          },
          to.frameId,
        ).catch(() => undefined)
      : undefined,
  ]);
  if (drop && Object.keys(drop.elements).length > 0) {
    const record = context.snapshots.get(to.tabId);
    if (record) context.snapshots.update(to.tabId, record.url, drop.elements);
  }
  const { clauses, effect } = dragClauses(place, drop);
  if (clauses.length === 0) return { data: outcome.line, reads: outcome.reads };
  // What moved or appeared goes first: it is what the model checks. "No visible change" cannot stand beside it.
  const data = outcome.line
    .replace('. Then: ', `. Then: ${clauses.join('; ')}; `)
    .replace(/; no (other )?visible change\.$/, effect ? '.' : '; no other visible change.');
  const reads = [...outcome.reads];
  const fromOrigin = place ? await origins.from() : undefined;
  if (place && fromOrigin) reads.push({ origin: fromOrigin, text: place.place });
  const dropText = [drop?.appeared ?? '', ...(drop?.connections ?? [])].filter(Boolean).join('; ');
  const toOrigin = dropText ? await origins.to() : undefined;
  if (toOrigin) reads.push({ origin: toOrigin, text: dropText });
  return { data, reads };
}
