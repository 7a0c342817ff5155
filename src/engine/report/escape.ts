/**
 * Text read from result files (sub-experiment names, file names) is untrusted: it must render
 * as plain text in GitHub Markdown, never as markup, links, mentions or table structure.
 * Markdown punctuation is backslash-escaped first; the HTML entities added after it are left whole.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/[\\`*_{}[\]()#+!|~:-]/g, (c) => '\\' + c)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@/g, '&#64;');
}
