/**
 * The body of perfgate's sticky pull-request comment: the hidden marker that identifies it, and
 * fitting a report into GitHub's limit for comment bodies.
 *
 * GitHub rejects a comment body over 65 536 characters (HTTP 422 "Body is too long (maximum is
 * 65536 characters)"). The limit is not on a docs page; it is counted here in UTF-16 code units,
 * which is never fewer than the characters (code points) GitHub counts, so a body that fits here
 * fits there. Pure functions: no I/O.
 */

/** GitHub's limit for an issue or pull-request comment body. */
export const MAX_COMMENT_BODY = 65_536;

/**
 * GitHub's limit for a step's job summary is 1 MiB of UTF-8 (a larger one is not shown, with an error annotation).
 * Counted here in UTF-16 code units, each at most 3 bytes, with 4 KiB left for what follows the report (the recorded
 * history's paragraph).
 */
export const MAX_JOB_SUMMARY = Math.floor((1024 * 1024 - 4096) / 3);

/** How the notice names the document fitted, its limit, and where everything is when there is no link. */
export interface FitWords {
  document: string;
  limit: string;
  everything: string;
}

export const COMMENT_WORDS: FitWords = {
  document: 'comment',
  limit: "GitHub's limit of 65,536 characters per comment",
  everything: 'the job summary and the report artifact',
};

export const JOB_SUMMARY_WORDS: FitWords = {
  document: 'summary',
  limit: "GitHub's limit of 1 MiB per job summary",
  everything: 'report.html, comparison.md and comparison.json in the report folder',
};

/** One part of a comment, in display order. */
export interface CommentSection {
  /** The Markdown of the part. Parts are joined with a blank line. */
  text: string;
  /**
   * Importance: the LOWEST number is dropped LAST. Parts with the highest number are dropped first;
   * among equals, the one further down the comment goes first. Default: the part's index, so the
   * parts further down go first.
   */
  priority?: number;
  /** What the part is, for the notice ("passing rows", "charts"). Default `part N`. */
  label?: string;
  /** Never dropped whole; only cut on a line boundary, and only after every droppable part is gone. */
  required?: boolean;
  /**
   * How to shorten the part to at most `room` characters instead of dropping it whole or cutting
   * it on any line (a table keeps its header and says how many rows it left out); '' when nothing
   * useful fits. A shortened part counts as cut short.
   */
  shorten?: (room: number) => string;
}

export interface FittedBody {
  /** The body, without the marker. */
  body: string;
  /** Whether anything was dropped or cut. */
  truncated: boolean;
  /** Labels of the parts dropped whole, in display order. */
  dropped: string[];
  /** Labels of the parts cut short, in display order. */
  cut: string[];
}

const MARKER_ID = /^[A-Za-z0-9][A-Za-z0-9._:/+=@-]{0,99}$/;

/**
 * Whether an id can go into the marker (`<!-- perfgate:ID -->`): 1–100 of `A-Za-z0-9._:/+=@-`, starting alphanumeric.
 */
export function isValidMarkerId(id: string): boolean {
  return MARKER_ID.test(id);
}

/** The hidden marker line of a report id. The id must pass {@link isValidMarkerId}. */
export function commentMarker(id: string): string {
  if (!isValidMarkerId(id))
    throw new TypeError(`invalid comment id ${JSON.stringify(id)}: use 1-100 of A-Z a-z 0-9 . _ : / + = @ -`);
  return `<!-- perfgate:${id} -->`;
}

/**
 * Whether a comment body is perfgate's comment for this marker: its first line or its last
 * non-blank line is exactly the marker (surrounding spaces allowed). A user quoting the marker
 * inside prose, or in a `>` quote, does not match.
 */
export function hasMarker(body: string | null | undefined, marker: string): boolean {
  if (!body) return false;
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const first = lines.find((line) => line.trim() !== '');
  const last = [...lines].reverse().find((line) => line.trim() !== '');
  return first?.trim() === marker || last?.trim() === marker;
}

/**
 * Text that can never hold a perfgate marker line: every `<!--` opening a `perfgate` comment
 * becomes `&lt;!--` (shown as text, no longer a hidden comment). Report text from an artifact is
 * untrusted; a last line `<!-- perfgate:other -->` would make the comment pass for another report's.
 */
export function neutraliseMarkers(text: string): string {
  return text.replace(/<!--(?=\s*perfgate)/gi, '&lt;!--');
}

/** The body sent to GitHub: the marker on the first line, then the report. */
export function withMarker(marker: string, body: string): string {
  return `${marker}\n${body}`;
}

/**
 * Fits a report given in parts into `limit` UTF-16 code units (default: GitHub's limit). Parts
 * are dropped lowest priority first; when only required parts (or one part) remain and the body is
 * still too long, the least important remaining part is cut on a line boundary (code blocks and
 * `<details>` left open by the cut are closed). When anything was left out, a last paragraph says
 * what, with a link to the full report when `link` is given.
 *
 * `limit` must leave room for the marker: {@link upsertStickyComment} passes
 * `MAX_COMMENT_BODY - marker.length - 1`.
 */
export function fitCommentBody(
  sections: readonly (CommentSection | string)[],
  link?: string,
  limit = MAX_COMMENT_BODY,
  words: FitWords = COMMENT_WORDS,
): FittedBody {
  const parts = sections.map((s, index) => {
    const section = typeof s === 'string' ? { text: s } : s;
    return {
      index,
      text: section.text.replace(/\r\n?/g, '\n').replace(/\s+$/, ''),
      priority: section.priority ?? index,
      label: section.label?.trim() || `part ${index + 1}`,
      required: section.required === true,
      shorten: section.shorten,
    };
  });
  const kept = parts.filter((p) => p.text !== '');
  const join = () => kept.map((p) => p.text).join('\n\n');
  const untouched = join();
  if (untouched.length <= limit) return { body: untouched, truncated: false, dropped: [], cut: [] };

  // Drop order: highest priority number first, then the part further down.
  const dropOrder = [...kept].sort((a, b) => b.priority - a.priority || b.index - a.index);
  const dropped: typeof parts = [];
  const cut: typeof parts = [];
  const byIndex = (a: { index: number }, b: { index: number }) => a.index - b.index;
  const labels = (list: typeof parts) => [...list].sort(byIndex).map((p) => p.label);
  const compose = () => {
    const notice = noticeOf(labels(dropped), labels(cut), link, words);
    const text = join();
    return text === '' ? notice : `${text}\n\n${notice}`;
  };
  /** Shortens `part` in place to the room left; false when nothing of it fits (its cut mark is taken back). */
  const shorten = (part: (typeof parts)[number], how: (text: string, room: number) => string): boolean => {
    const before = part.text;
    if (!cut.includes(part)) cut.push(part);
    const room = limit - (compose().length - part.text.length);
    const text = room > 0 ? how(part.text, room).replace(/\s+$/, '') : '';
    if (text === '' || text.length > room) {
      cut.splice(cut.indexOf(part), 1);
      return false;
    }
    part.text = text;
    if (text === before) cut.splice(cut.indexOf(part), 1);
    return true;
  };
  const drop = (part: (typeof parts)[number]) => {
    kept.splice(kept.indexOf(part), 1);
    dropped.push(part);
  };
  for (const part of dropOrder) {
    if (compose().length <= limit) break;
    if (part.required || kept.length === 1) continue;
    // A part that knows how to shorten itself keeps what fits, at its turn in the drop order.
    if (part.shorten && shorten(part, (_, room) => part.shorten!(room))) continue;
    drop(part);
  }
  // Still too long: cut the remaining parts, least important first.
  for (const part of dropOrder.filter((p) => kept.includes(p))) {
    if (compose().length <= limit) break;
    const own = part.shorten;
    if (own && shorten(part, (_, room) => own(room))) continue;
    if (!shorten(part, cutToFit)) drop(part);
  }
  let body = compose();
  // Only the notice itself can still be too long (a huge limit-sized link): cut it too.
  if (body.length > limit) body = cutToFit(body, limit);
  return { body, truncated: true, dropped: labels(dropped), cut: labels(cut) };
}

function noticeOf(dropped: string[], cut: string[], link: string | undefined, words: FitWords): string {
  const what: string[] = [];
  if (dropped.length > 0) what.push(`left out ${list(dropped)}`);
  if (cut.length > 0) what.push(`cut short ${list(cut)}`);
  const where = link ? `[the full report](${safeLink(link)})` : words.everything;
  return `> [!NOTE]\n> This ${words.document} ${what.join(' and ')} to stay within ${words.limit}. See ${where} for everything.`;
}

function list(labels: string[]): string {
  const quoted = labels.map((l) => l.replace(/[\r\n]+/g, ' '));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}

/** A URL safe inside `[..](..)`: no spaces, parentheses or angle brackets. */
function safeLink(link: string): string {
  return link.trim().replace(/[\s()<>]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));
}

/**
 * The longest head of `text` that, with the closings it needs, fits `room` UTF-16 code units:
 * cut after a whole line when one fits, else inside the first line on a code-point boundary.
 * Open ``` fences and `<details>` are closed so the rest of the comment still renders.
 */
export function cutToFit(text: string, room: number): string {
  if (text.length <= room) return text;
  if (room <= 0) return '';
  let end = text.lastIndexOf('\n', room);
  for (;;) {
    const head = end > 0 ? text.slice(0, end) : '';
    if (head !== '') {
      const closed = head.replace(/\s+$/, '') + closings(head);
      if (closed.length <= room) return closed;
      end = text.lastIndexOf('\n', end - 1);
      continue;
    }
    // No whole line fits: cut the first line on a code-point boundary.
    let cutAt = Math.min(room, text.length);
    const code = text.charCodeAt(cutAt - 1);
    if (code >= 0xd800 && code <= 0xdbff) cutAt--;
    return text.slice(0, cutAt);
  }
}

/** What has to follow a cut so that open fenced code blocks and `<details>` elements are closed. */
function closings(head: string): string {
  let fence: string | undefined;
  let details = 0;
  for (const line of head.split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
        fence = undefined;
      continue;
    }
    if (marker !== undefined) {
      fence = marker;
      continue;
    }
    details += (line.match(/<details[\s>]/gi) ?? []).length;
    details -= (line.match(/<\/details>/gi) ?? []).length;
  }
  let tail = '';
  if (fence !== undefined) tail += `\n${fence}`;
  for (let i = 0; i < details; i++) tail += '\n\n</details>';
  return tail;
}
