/** Test helper: snapshot nodes written by hand, for the passes that run without a page. */
import type { SnapshotChild, SnapshotNode, SnapshotTree } from './snapshot-tree.js';

/** A node as the walk would make it: no name, state, ref or value unless given. */
export function node(role: string, fields: Partial<SnapshotNode> = {}, children: SnapshotChild[] = []): SnapshotNode {
  return {
    role,
    name: '',
    nameFromContent: false,
    ref: undefined,
    states: '',
    row: '',
    value: undefined,
    url: undefined,
    extent: '',
    place: '',
    position: undefined,
    placeholder: undefined,
    options: undefined,
    moreOptions: 0,
    summary: undefined,
    frame: undefined,
    children,
    ...fields,
  };
}

/** A tree holding `children`, with nothing cut. */
export function tree(children: SnapshotChild[], fields: Partial<SnapshotTree> = {}): SnapshotTree {
  return { children, listed: [], nodeCount: 0, truncated: false, tooDeep: false, ...fields };
}
