/**
 * Words judged with the control's role and what the page says around it, so acts that change nothing
 * irreversible stop reading as "cannot be undone" (every false alarm teaches a person to click through
 * the real ones). All heuristics, named as such in the README: each only takes a reason away in a
 * narrow case and never touches leaving the site, data leaving it, or an act word other than the one
 * it is about.
 *
 * - saving an edit ("Confirm changes", "Save changes") is not the "confirm" of an order or a payment;
 * - a chip's "Remove" (one chosen value of a multi-select) takes a choice off, it deletes nothing;
 * - a form submitted by "Preview" / "Show preview" shows a preview (POST is how wikis send the draft);
 * - a form submitted by "Execute" / "Run" whose query text is one read-only SQL statement (SELECT,
 *   WITH … SELECT, EXPLAIN, SHOW, DESCRIBE) reads the database.
 */
import type { FormFacts } from './act-judgement.js';
import { canonicalText } from './normalize.js';
import type { ActMatch } from './vocabulary.js';

/**
 * "Confirm changes", "Save edits", "Apply changes", "Confirm changes to this tiddler" (TiddlyWiki's save):
 * committing an edit the person can edit again. One word after "to this/the" at most, so
 * "Confirm changes and delete account" or "… to this order and pay" still name their act.
 */
const SAVES_EDIT = /^(confirm|save|apply|accept|keep)( all| the| my| your)? (changes|edits?)( to (this|the|these|your|my) [\p{L}\p{N}-]+)?$/u;

/** True for a label that saves an edit rather than confirming an order, a payment or a deletion. */
export function savesEdit(label: string): boolean {
  return SAVES_EDIT.test(canonicalText(label));
}

/** The "remove" words of the table: on a chip they take a value off the selection. Not delete, erase, trash. */
const REMOVE_WORDS = new Set(['remove', 'quitar', 'entfernen', 'remover', 'rimuovi', 'rimuovere', '移除', '제거']);

/** True when a matched act is only a chip's "Remove" (the control sits inside an option of a multi-select). */
export function removesChoice(match: ActMatch | undefined, chip: boolean | undefined): boolean {
  return chip === true && match !== undefined && match.act === 'delete' && REMOVE_WORDS.has(match.word);
}

/** "Preview", "Show preview", "Preview changes" and their counterparts in a few languages. */
const PREVIEW = /^(show )?preview( changes| page| edit| post)?$|^(vorschau|aperçu|vista previa|anteprima|pré-visualizar|podgląd)( anzeigen)?$/;

/** True when one of the submitter's labels says it shows a preview. */
export function isPreview(labels: ReadonlyArray<string | undefined>): boolean {
  return labels.some((label) => label !== undefined && PREVIEW.test(canonicalText(label)));
}

/** The submit words of a query console. */
const RUNS_QUERY = /^(execute|run|run query|execute query|run sql|execute sql|query)$/;

/** True when one of the submitter's labels is a query console's Run / Execute. */
export function runsQuery(labels: ReadonlyArray<string | undefined>): boolean {
  return labels.some((label) => label !== undefined && RUNS_QUERY.test(canonicalText(label)));
}

/** Statement starts that only read. */
const READS = /^(select|with|explain|show|describe|desc)\b/;
/** Words that write or run something anywhere in a statement (SELECT … INTO and FOR UPDATE included). */
const WRITES =
  /\b(insert|update|delete|drop|alter|create|truncate|grant|revoke|merge|replace|upsert|call|exec|execute|into|copy|lock|vacuum|set|pragma|attach|detach|load|rename|comment|analyze|reindex|cluster|refresh|import|do)\b/;

/** True when `text` is one read-only SQL statement (comments and a trailing `;` allowed). */
export function isReadOnlySql(text: string): boolean {
  const code = text
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .trim()
    .replace(/;\s*$/, '')
    .toLowerCase();
  if (code === '' || code.includes(';')) return false;
  // String literals cannot smuggle a statement out (no `;` anywhere), but their words still count: conservative.
  return READS.test(code) && !WRITES.test(code);
}

/** A query console's submission that only reads: its visible query text is read-only SQL, and it is the only text it sends. */
export function submitsReadOnlyQuery(form: FormFacts, submitterLabels: ReadonlyArray<string | undefined>): boolean {
  if (!runsQuery(submitterLabels)) return false;
  const texts = form.fields.filter((field) => field.type === 'textarea' || field.type === 'text');
  if (texts.length !== 1 || form.fields.some((field) => field.masked)) return false;
  return isReadOnlySql(texts[0]?.value ?? '');
}
