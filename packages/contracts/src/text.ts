import { z } from 'zod';
import { REQUIRED_MESSAGE } from './constants';

/**
 * Text people type never holds control characters (tab, line feed and carriage return excepted:
 * delivery instructions have lines). A NUL cannot even be stored by PostgreSQL, so every string
 * that reaches the API is held to this one rule (apps/api errors plugin) before any schema runs.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: this pattern exists to find them
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const CONTROL_CHARACTERS_MESSAGE = 'Remove the invisible control characters from this field.';

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/** A string without control characters: the reusable text schema of the contracts. */
export const plainText = () =>
  z.string().refine((value) => !hasControlCharacters(value), { error: CONTROL_CHARACTERS_MESSAGE });

/**
 * The messages a person reads when a contract names none: zod's defaults ("Too small: expected
 * string to have >=20 characters") never reach the wire. A schema's own message always wins.
 */
export function humanMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return REQUIRED_MESSAGE;
      return issue.expected === 'number' || issue.expected === 'int'
        ? 'Enter a number.'
        : issue.expected === 'boolean'
          ? 'Choose yes or no.'
          : issue.expected === 'array'
            ? 'This should be a list.'
            : issue.expected === 'object'
              ? 'This should be a set of fields.'
              : 'Enter text.';
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string')
        return minimum <= 1 ? REQUIRED_MESSAGE : `Use at least ${minimum} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at least ${minimum}.`;
      return `Enter ${minimum} or more.`;
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return `Use at most ${maximum} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${maximum}.`;
      return `Enter ${maximum} or less.`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'Please enter a valid email address.';
      if (issue.format === 'url') return 'Enter a full web address, such as https://example.com.';
      if (issue.format === 'uuid' || issue.format === 'guid') return 'This id is not valid.';
      if (issue.format === 'date' || issue.format === 'datetime') return 'Enter a date such as 2026-12-01.';
      return 'This value is not in the expected format.';
    case 'invalid_value':
      return issue.values.length <= 6
        ? `Choose one of: ${issue.values.map(String).join(', ')}.`
        : 'Choose one of the offered values.';
    case 'not_multiple_of':
      return `Enter a multiple of ${String(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `Unknown field "${issue.keys.join('", "')}".`;
    default:
      return 'This value is not valid.';
  }
}

z.config({ customError: humanMessage });
