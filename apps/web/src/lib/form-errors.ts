import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { installPlainMessages } from '@apron/core/common/messages';
import { isApiError } from './api-client';

// Every form reports through here: its schemas answer in plain sentences naming the field.
installPlainMessages();

/**
 * The top-level field names of a form's zod schema (its object keys, through refinements,
 * transforms and defaults): where the server's 400 field errors may land. Derived, never copied
 * by hand, so a field added to the shared schema is covered at once.
 */
export function schemaFieldNames(schema: z.ZodType): string[] {
  let current: z.ZodType = schema;
  for (let depth = 0; depth < 20; depth += 1) {
    if (current instanceof z.ZodObject) return Object.keys(current.shape);
    if (current instanceof z.ZodPipe) {
      // a transform or preprocess step has no keys: the names are on the schema after it
      const before = schemaFieldNames(current.in as z.ZodType);
      if (before.length > 0) return before;
      current = current.out as z.ZodType;
    }
    else if (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault) current = current.unwrap() as z.ZodType;
    else if (current instanceof z.ZodDiscriminatedUnion || current instanceof z.ZodUnion) {
      return [...new Set((current.options as z.ZodType[]).flatMap((option) => schemaFieldNames(option)))];
    } else return [];
  }
  return [];
}

/** The fields a form can show errors on: a list of names, or the schema they come from. */
export type TFieldNames = readonly string[] | z.ZodType;

function namesOf(fields: TFieldNames): readonly string[] {
  return Array.isArray(fields) ? fields : schemaFieldNames(fields as z.ZodType);
}

/**
 * Sets each 400 field error of the server on the form field of the same name.
 * Returns the messages whose field is not on the form (to be shown another way).
 */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: TFieldNames): string[] {
  if (!isApiError(error)) return [];
  const fieldNames = namesOf(fields);
  const unmatched: string[] = [];
  let focused = false;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const name = fieldNames.includes(field) ? field : fieldNames.find((n) => field.startsWith(`${n}.`));
    if (name) {
      setError(name as Path<T>, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else {
      unmatched.push(message);
    }
  }
  return unmatched;
}
