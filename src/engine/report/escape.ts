/**
 * Text read from result files (sub-experiment names, file names) is untrusted: it must render
 * as plain text in GitHub Markdown, never as markup, links, mentions or table structure.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@/g, '&#64;')
    .replace(/[\\`*_{}[\]()#+!|~:-]/g, (c) => '\\' + c);
}
