import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countWords,
  HIGHLIGHT_START,
  HIGHLIGHT_STOP,
  highlightToHtml,
  plainText,
  readingMinutes,
  renderMarkdown,
  searchQueryText,
} from './markdown';

describe('renderMarkdown', () => {
  it('renders headings, lists, links and tables', () => {
    const html = renderMarkdown(
      '# Title\n\n## Part\n\n- one\n- two\n\n[Menus](/menus/purees/)\n\n| a | b |\n| - | - |\n| 1 | 2 |',
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<h2>Part</h2>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="/menus/purees/">Menus</a>');
    expect(html).toContain('<th scope="col">a</th>');
  });

  it('never lets markup or script links through', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n[x](javascript:alert(1))\n\n<img src=x onerror=alert(1)>\n\n[ok](https://example.com)',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).not.toMatch(/<img[^>]*onerror/);
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">ok</a>');
  });

  it('keeps any text it is given safe', () => {
    fc.assert(
      fc.property(fc.string(), (source) => {
        const html = renderMarkdown(source);
        expect(html).not.toMatch(/<(script|iframe|style|object)/i);
        expect(html).not.toMatch(/\son\w+=/i);
      }),
    );
  });
});

describe('reading time', () => {
  it('counts the words a reader sees', () => {
    expect(countWords('## Hello world\n\n[a link](/menus?product=x) here')).toBe(5);
    expect(countWords('')).toBe(0);
  });

  it('is one minute at least and grows with the text', () => {
    expect(readingMinutes('short')).toBe(1);
    expect(readingMinutes(Array.from({ length: 401 }, () => 'word').join(' '))).toBe(3);
    fc.assert(
      fc.property(fc.nat(5000), (words) => {
        const minutes = readingMinutes(Array.from({ length: words }, () => 'w').join(' '));
        expect(minutes).toBe(Math.max(1, Math.ceil(words / 200)));
      }),
    );
  });
});

describe('searchQueryText', () => {
  it('needs every word and treats the last as a prefix', () => {
    expect(searchQueryText('Iron toddl', 100)).toBe('iron & toddl:*');
    expect(searchQueryText('  ', 100)).toBeNull();
    expect(searchQueryText("!&|:*()'", 100)).toBeNull();
  });

  it('only ever produces words, & and a final :*', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const query = searchQueryText(input, 100);
        if (query !== null) expect(query).toMatch(/^[\p{L}\p{N}]+( & [\p{L}\p{N}]+)*:\*$/u);
      }),
    );
  });
});

describe('highlightToHtml', () => {
  it('escapes the text and marks only the matches', () => {
    expect(highlightToHtml(`a <b> ${HIGHLIGHT_START}carrot${HIGHLIGHT_STOP}s`)).toBe(
      'a &lt;b&gt; <mark>carrot</mark>s',
    );
  });
});

describe('plainText', () => {
  it('drops markup and keeps link text', () => {
    expect(plainText('## Hi\n\n- **bold** [link](/x)')).toBe('Hi bold link');
  });
});
