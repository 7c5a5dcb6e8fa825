import { z } from 'zod';

/**
 * Plain sentences for every validation message a schema did not word itself (PRODUCT-RULES 27):
 * 'Due Days is required', 'Due Days must be a number', never zod's 'Invalid input: expected
 * string, received undefined'. Installed once on the shared zod instance, so the web's forms and
 * the server's 400 bodies say the same. A schema's own `error` always wins over these.
 */

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `dueDays` -> 'Due Days', `late_fee` -> 'Late Fee'; ids and indexes are not names. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((part): part is string => typeof part === 'string' && !UUID_PATTERN.test(part));
  if (!key) return 'This field';
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .split(/\s+/);
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

interface TIssueLike {
  code?: string;
  path?: PropertyKey[];
  input?: unknown;
  expected?: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  values?: readonly unknown[];
  /** invalid_union: the issues of each branch. */
  errors?: readonly (readonly { code?: string; expected?: string }[])[];
}

function isMissing(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

/** The sentence for one issue, naming its field. */
export function plainMessage(issue: TIssueLike): string {
  const label = fieldLabel(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (isMissing(issue.input)) return `${label} is required`;
      if (issue.expected === 'number' || issue.expected === 'int') return `${label} must be a number`;
      if (issue.expected === 'boolean') return `${label} must be yes or no`;
      if (issue.expected === 'array') return `${label} must be a list`;
      if (issue.expected === 'date') return `${label} must be a valid date`;
      return `${label} is not valid`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? `${label} is required` : `${label} must be at least ${issue.minimum} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return Number(issue.minimum) <= 1 ? `Select at least one ${label}` : `Select at least ${issue.minimum} ${label}`;
      return `${label} must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `${label} must be at most ${issue.maximum} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${label} has too many entries`;
      return `${label} must be at most ${issue.maximum}`;
    case 'invalid_value':
      return isMissing(issue.input) ? `${label} is required` : `${label} is not one of the choices`;
    case 'invalid_format':
      if (issue.format === 'email') return `${label} is not valid`;
      if (issue.format === 'uuid' || issue.format === 'guid') return isMissing(issue.input) ? `${label} is required` : `${label} is not valid`;
      return `${label} is not valid`;
    case 'not_multiple_of':
      return `${label} has too many decimal places`;
    case 'invalid_union':
      // e.g. '' or a number: a value that is not a number is told so
      if (issue.errors?.some((branch) => branch.some((inner) => inner.code === 'invalid_type' && inner.expected === 'number'))) return `${label} must be a number`;
      return isMissing(issue.input) ? `${label} is required` : `${label} is not valid`;
    case 'unrecognized_keys':
      return 'The request has fields that are not allowed';
    default:
      return `${label} is not valid`;
  }
}

/**
 * Puts these sentences on the shared zod instance. Runs when this module loads (the core's
 * number and money schemas import it); callers that may be tree-shaken call it explicitly.
 */
export function installPlainMessages(): void {
  z.config({ customError: (issue) => plainMessage(issue as TIssueLike) });
}

installPlainMessages();
