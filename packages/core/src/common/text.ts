import { z } from 'zod';

/**
 * PostgreSQL cannot store the NUL character (U+0000) in text, so every text a client sends refuses
 * it: the text schemas below name the field, and the server's request guard catches any other string.
 */
export const NUL_MESSAGE = 'Contains a character that is not allowed';
const hasNoNul = (value: string) => !value.includes('\u0000');

/** Required trimmed text: blank after trimming is "<Label> is required". */
export function zRequiredText(label: string, max = 200) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoNul, `${label} contains a character that is not allowed`);
}

/**
 * A line break in a one-line field (a subject, a title, a place) would become a line of its own
 * where the value is written out: an e-mail header, a calendar property. Refused, naming the field.
 */
export const hasNoLineBreak = (value: string) => !/[\r\n]/.test(value);
export const oneLineMessage = (label: string) => `${label} must be on one line`;

/** Required trimmed text on one line (subjects, titles). */
export function zOneLineText(label: string, max = 200) {
  return zRequiredText(label, max).refine(hasNoLineBreak, oneLineMessage(label));
}

export function zOptionalText(max = 2000) {
  return z.string().trim().max(max, `Must be at most ${max} characters`).refine(hasNoNul, NUL_MESSAGE).optional().default('');
}

export const ZEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254)
  .email('Email is not valid')
  .transform((v) => v.toLowerCase());

/** Digits only, or empty (spec: 'Phone number is not valid'). */
export const ZPhoneOptional = z
  .string()
  .trim()
  .regex(/^\d*$/, 'Phone number is not valid')
  .max(20, 'Phone number is not valid')
  .optional()
  .default('');

export const ZPhoneRequired = z
  .string({ error: 'Phone is required' })
  .trim()
  .min(1, 'Phone is required')
  .regex(/^\d+$/, 'Phone number is not valid')
  .max(20, 'Phone number is not valid');

/**
 * The honeypot of the public forms (parking, wait list, Contact Us, Lost Card): a `website` field
 * people never see (web `components/honeypot-field.tsx`) and bots fill. A form that arrives with it
 * filled is answered as if accepted, and nothing is stored, charged or sent.
 */
export const ZHoneypot = z.string().max(200).optional().default('');
