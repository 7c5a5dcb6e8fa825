import { z } from 'zod';
import { zRequiredText } from '../common/text';

/**
 * Forms are form-js JSON schemas (`{ type: 'default', components: [...] }`), stored with a
 * version: every save is a new version, and a filled form records the version it was filled on.
 * We validate the shape we rely on (components with a type; a key on every input) and keep the
 * rest of form-js' properties as they are.
 */
export const FORM_LIMITS = {
  /** A stored schema's JSON, in characters. */
  maxSchemaChars: 200_000,
  maxComponents: 500,
  /** Answers' JSON, in characters. */
  maxAnswersChars: 500_000,
  /** File answers (Forms/uploadfile). */
  maxFileBytes: 5 * 1024 * 1024,
  tooLargeMessage: 'File Size cannot be more than 5MB',
} as const;

/** File answers accept images and PDFs (judged by content on the server). */
export const FORM_FILE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;
export const FORM_FILE_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.pdf';
export const UNSUPPORTED_FORM_FILE_MESSAGE = 'Only images and PDF files are accepted.';

export const FORM_MESSAGES = {
  created: 'Created Successfully',
  updated: 'Updated Successfully',
  notFound: 'Form not found',
  noComponents: 'Add at least one field to the form',
} as const;

export interface TFormComponent {
  type: string;
  key?: string;
  id?: string;
  label?: string;
  validate?: { required?: boolean; min?: number; max?: number; minLength?: number; maxLength?: number; pattern?: string };
  values?: Array<{ label: string; value: unknown }>;
  properties?: Record<string, string>;
  components?: TFormComponent[];
  [extra: string]: unknown;
}

export interface TFormSchema {
  type: string;
  components: TFormComponent[];
  [extra: string]: unknown;
}

const ZComponent: z.ZodType<TFormComponent> = z.lazy(() =>
  z
    .object({
      type: z.string().min(1).max(60),
      key: z.string().max(200).optional(),
      label: z.string().max(1000).optional(),
      components: z.array(ZComponent).optional(),
    })
    .passthrough(),
) as unknown as z.ZodType<TFormComponent>;

export const ZFormSchema = z
  .object({
    type: z.string().default('default'),
    components: z.array(ZComponent, { error: 'Form schema must have components' }),
  })
  .passthrough()
  .superRefine((schema, ctx) => {
    if (JSON.stringify(schema).length > FORM_LIMITS.maxSchemaChars) ctx.addIssue({ code: 'custom', message: 'Form is too large' });
    let count = 0;
    const keys = new Set<string>();
    const walk = (components: TFormComponent[]) => {
      for (const component of components) {
        count += 1;
        if (INPUT_TYPES.has(component.type)) {
          if (!component.key) ctx.addIssue({ code: 'custom', message: `Field '${component.label ?? component.type}' needs a key` });
          else if (keys.has(component.key)) ctx.addIssue({ code: 'custom', message: `Two fields share the key '${component.key}'` });
          else keys.add(component.key);
        }
        if (component.components) walk(component.components);
      }
    };
    walk(schema.components as TFormComponent[]);
    if (count > FORM_LIMITS.maxComponents) ctx.addIssue({ code: 'custom', message: `A form has at most ${FORM_LIMITS.maxComponents} fields` });
  }) as unknown as z.ZodType<TFormSchema>;

/** form-js components that hold an answer (the others are text, images, spacers, groups). */
export const INPUT_TYPES: ReadonlySet<string> = new Set([
  'textfield', 'textarea', 'number', 'checkbox', 'checklist', 'radio', 'select', 'taglist', 'datetime', 'filepicker',
]);

export const ZFormCreate = z.object({
  name: zRequiredText('Name', 120),
  schema: ZFormSchema,
});
export type TFormCreate = z.infer<typeof ZFormCreate>;

/** `updateForm/{id}`: a new version of the schema (and the name, when given). */
export const ZFormUpdate = z.object({
  name: zRequiredText('Name', 120).optional(),
  schema: ZFormSchema,
});
export type TFormUpdate = z.infer<typeof ZFormUpdate>;

export const ZFormVersionQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

export const ZForm = z.object({
  _id: z.string(),
  name: z.string(),
  version: z.number().int(),
  /** The newest version of this form (equal to `version` unless an older one was asked for). */
  latestVersion: z.number().int(),
  schema: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TForm = z.infer<typeof ZForm>;

export const ZFormListRow = z.object({
  _id: z.string(),
  name: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type TFormListRow = z.infer<typeof ZFormListRow>;

/** Answers as form-js hands them over: field key -> value. */
export const ZFormAnswers = z.record(z.string(), z.unknown()).superRefine((answers, ctx) => {
  if (JSON.stringify(answers).length > FORM_LIMITS.maxAnswersChars) ctx.addIssue({ code: 'custom', message: 'The answers are too large' });
});
export type TFormAnswers = Record<string, unknown>;

export const ZFormFile = z.object({
  _id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type TFormFile = z.infer<typeof ZFormFile>;
