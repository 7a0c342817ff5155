/**
 * Characters that act on a terminal, a log or the reading order instead of showing: C0 and C1
 * controls (an escape sequence or a workflow command starts with one, BEL rings) and the bidi
 * marks, embeddings, overrides and isolates (U+061C, U+200E/F, U+202A–E, U+2066–9) that make a
 * name read differently from what it is.
 */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** The same, less tab and line feed, for multi-line text. */
const CONTROL_CHARACTERS_BUT_LINES =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A control character as visible text: ESC is `\u001b`, U+202E is `\u202e`. */
function visible(c: string): string {
  return '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0');
}

/**
 * Untrusted text for a terminal, a log line or an annotation, with every control and bidi
 * character shown as its `\uXXXX` escape, so no escape sequence, bell, workflow command or
 * reordering reaches it; `keepLines` keeps tabs and line feeds.
 */
export function withoutControls(text: string, keepLines = false): string {
  return text.replace(keepLines ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS, visible);
}

/**
 * U+2060 WORD JOINER: invisible, no line break, and not a character any GitHub filter reads as part of a name, number
 * or link.
 */
const JOINER = '\u2060';

/**
 * GitHub turns text into mentions, references and links after Markdown has been decoded, so
 * `&#64;` or `\#` do not stop it. A word joiner breaks each pattern where it starts:
 * `@octocat`, `@org/team`, `user/repo@sha` and `a@b.example` (the mention filter, commit
 * references and email autolinks: a name or a domain must follow the `@`), `#12`, `owner/repo#12`
 * and `GH-12` (issue references: digits must follow), `www.` and `scheme://` (the autolink
 * extension). Text without these patterns is unchanged. For plain text GitHub reads the same
 * way (an issue title links `#12`) as well as for Markdown.
 */
export function withoutGithubReferences(text: string): string {
  // Most names have none of the patterns' first characters: one scan instead of five.
  if (!MAY_REFERENCE.test(text)) return text;
  return text
    .replace(/@(?=[A-Za-z0-9_-])/g, '@' + JOINER)
    .replace(/#(?=[0-9])/g, '#' + JOINER)
    .replace(/(gh-)(?=[0-9])/gi, '$1' + JOINER)
    .replace(/(www)(?=\.)/gi, '$1' + JOINER)
    .replace(/:(?=\/\/)/g, ':' + JOINER);
}

/** Where a pattern of withoutGithubReferences may start. */
const MAY_REFERENCE = /[@#:]|gh-|www\./i;

/**
 * Text read from result files (sub-experiment names, file names) is untrusted: it must render
 * as plain text in GitHub Markdown, never as markup, links, mentions, references or table
 * structure. Line breaks and tabs become spaces, other control characters their visible
 * escape; Markdown punctuation is backslash-escaped next; the HTML entities added after it are
 * left whole.
 */
export function escapeMarkdown(text: string): string {
  // A plain name (`example.com/suite/pkg0.BenchmarkCase0`, `size=64,mode=copy`) is its own escape: one scan for a
  // character that any step below would change, instead of nine replacements, for each cell of 400,000 rows.
  if (MARKDOWN_PLAIN.test(text) && !MAY_REFERENCE.test(text)) return text;
  return withoutGithubReferences(withoutControls(text.replace(/[\t\n\r]/g, ' ')))
    .replace(/[\\`*_{}[\]()#+!|~:-]/g, (c) => '\\' + c)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * Text escapeMarkdown leaves as it is, but for a GitHub reference (MAY_REFERENCE): no line break, tab, control or bidi
 * character, Markdown punctuation or HTML special character.
 */
const MARKDOWN_PLAIN =
  /^[^\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\\`*_{}[\]()#+!|~:@&<>-]*$/;

/** Untrusted text as HTML text or an attribute value: `&`, `<`, `>`, `"` and `'` as entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Characters XML 1.0 forbids (C0 controls but tab and line ends, U+FFFE/FFFF, lone surrogates). */
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Untrusted text as XML (SVG) text or an attribute value: escapeHtml, with characters XML forbids as U+FFFD. */
export function escapeXml(text: string): string {
  return escapeHtml(text.replace(NOT_XML, '\ufffd'));
}

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON safe inside `<script type="application/json">`: `<`, `>` and `&` as \u escapes (so no
 * `</script` or `<!--` can appear), and U+2028/2029 escaped for tools that read it as JavaScript.
 */
export function jsonForScript(value: unknown): string {
  // One pass over the text, not one per character (a dashboard's data blocks run to megabytes).
  return JSON.stringify(value).replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c]!);
}
