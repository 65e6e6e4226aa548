#!/usr/bin/env node
// The repository stands alone: no comment, string or test title cites a document that is not in
// it (the store's design notes, its specification by section, an issue or a defect number). A
// reader cannot follow such a citation; say the rule and its reason in place, or cite the decision
// in docs/decisions/ that explains it. Part of `npm run lint`.
//
// Exempt: docs/decisions/ (the decisions are history, written when those documents were at hand)
// and docs/spec-conformance.md (it maps the specification to the code; its top says where the
// specification lives).
//
// `node scripts/check-citations.mjs` exits 1 and lists file:line for each citation found in the
// tracked files.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The design notes, the specification by section, an issue or a defect by number, or an item of an
 * issue's list in parentheses ("(item 4)", "(items 3, 12)"): a test's title names its behaviour.
 */
const CITATION =
  /design\.md|store-spec|[Ss]pec(ification)? (section|§)|§ ?[0-9]|[Ss]pec:|\b[Ii]ssues? [0-9]+|\b[Dd]efects? [0-9]+|\([Ii]tems? [0-9]+(, ?[0-9]+)*\)/;

/** The start of a comment's next line: its marker (`*`, `//`, `--`, `#`) and indentation. */
const CONTINUATION = /^\s*(?:\*|\/\/|--|#)?\s*/;

/** Where citations of outside documents belong (see above), and this check and its test, which name them. */
const EXEMPT = ['docs/decisions/**', 'docs/spec-conformance.md', 'scripts/check-citations{,.test}.mjs'];

/** A glob (`**`, `*`, `{a,b}`) as a regular expression over a repository-relative path. */
export function globToRegExp(glob) {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i];
    if (char === '*' && glob[i + 1] === '*') {
      // `**/` matches any number of folders, none included; a trailing `**` anything.
      if (glob[i + 2] === '/') {
        source += '(?:.*/)?';
        i += 2;
      } else {
        source += '.*';
        i += 1;
      }
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '{') {
      const end = glob.indexOf('}', i);
      source += `(?:${glob
        .slice(i + 1, end)
        .split(',')
        .map((part) => part.replace(/[.+^$()|[\]\\]/g, '\\$&'))
        .join('|')})`;
      i = end;
    } else source += char.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

const matcher = (globs) => {
  const patterns = globs.map(globToRegExp);
  return (path) => patterns.some((pattern) => pattern.test(path));
};

/** Every citation in the given files: `{ path, line, text }`. */
export function findCitations(paths, read, { exempt = EXEMPT } = {}) {
  const skipped = matcher(exempt);
  const found = [];
  for (const path of paths) {
    if (skipped(path)) continue;
    const content = read(path);
    if (content === null || content.includes('\0')) continue;
    const lines = content.split('\n');
    lines.forEach((text, index) => {
      // A citation wrapped at the end of a comment line ("issue" / "13") counts on its first line.
      const next = (lines[index + 1] ?? '').replace(CONTINUATION, '').slice(0, 40);
      const wrapped = CITATION.test(`${text.slice(-40)} ${next}`) && !CITATION.test(next);
      if (CITATION.test(text) || wrapped) found.push({ path, line: index + 1, text: text.trim() });
    });
  }
  return found;
}

function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const paths = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 })
    .split('\0')
    .filter(Boolean);
  const read = (path) => {
    try {
      return readFileSync(`${root}/${path}`, 'utf8');
    } catch {
      return null; // listed but absent (a deletion not yet staged)
    }
  };
  const found = findCitations(paths, read);
  if (found.length === 0) return;
  console.error(
    `Citations of documents outside the repository (say the rule and its reason, or cite docs/decisions/):`,
  );
  for (const { path, line, text } of found) console.error(`  ${path}:${line}: ${text.slice(0, 160)}`);
  process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
