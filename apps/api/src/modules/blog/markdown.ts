import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Post bodies are Markdown written by staff in the admin site. Raw HTML in the source is not
 * interpreted (markdown-it `html: false` prints it as text) and the output still goes through an
 * allowlist sanitiser, so a pasted <script> or a javascript: link can never reach a page.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

const ALLOWED_TAGS = [
  'p',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'a',
  'strong',
  'em',
  'blockquote',
  'code',
  'pre',
  'hr',
  'br',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'img',
];

export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.render(source), {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt', 'title'], th: ['scope'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    transformTags: {
      // The article's title is its only h1: a body heading of level 1 becomes a section heading.
      h1: 'h2',
      // Links that leave the store do not hand it the visitor's page (rel) nor control of it.
      a: (tagName, attribs) => {
        const external = /^https?:\/\//i.test(attribs.href ?? '');
        return {
          tagName,
          attribs: external ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
        };
      },
      th: (tagName, attribs) => ({ tagName, attribs: { ...attribs, scope: 'col' } }),
    },
  });
}

/** Visible words of a Markdown text: link targets, markup and punctuation do not count. */
export function countWords(source: string): number {
  const text = source
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[#>*_`|[\]-]+/g, ' ')
    .trim();
  if (!text) return 0;
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Minutes at 200 words a minute (an unhurried parent's pace), never less than one. */
export const WORDS_PER_MINUTE = 200;
export function readingMinutes(source: string): number {
  return Math.max(1, Math.ceil(countWords(source) / WORDS_PER_MINUTE));
}

/**
 * The tsquery text for what a visitor typed: every word must match, the last one as a prefix
 * (they may still be typing it). Only letters and digits survive, so no input can be tsquery
 * syntax. Null when nothing searchable is left.
 */
export function searchQueryText(input: string, maxLength: number): string | null {
  const words = input
    .slice(0, maxLength)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
  if (words.length === 0) return null;
  return words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(' & ');
}

/** Markers ts_headline puts around matches, replaced by <mark> once the rest is escaped. */
export const HIGHLIGHT_START = '\u27E6';
export const HIGHLIGHT_STOP = '\u27E7';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A ts_headline fragment as safe HTML: the text escaped, only the matches wrapped in <mark>. */
export function highlightToHtml(fragment: string): string {
  return escapeHtml(fragment.replaceAll(/\s+/g, ' ').trim())
    .replaceAll(HIGHLIGHT_START, '<mark>')
    .replaceAll(HIGHLIGHT_STOP, '</mark>');
}

/** Markdown without its markup, for search snippets and feed descriptions. */
export function plainText(source: string): string {
  return source
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`>|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
