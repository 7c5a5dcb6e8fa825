import { INPUT_TYPES, type TFormAnswers, type TFormComponent, type TFormSchema } from './schema';

/**
 * Server-side (and browser-side) checking of answers against a stored form-js schema: required
 * fields, types, option lists and the simple limits form-js offers. Messages name the field by
 * its label. A field with a `conditional` (a FEEL expression that may hide it) is checked for its
 * type but never required: we do not evaluate FEEL here, and a hidden field cannot be filled.
 */
export interface TAnswerCheck {
  /** Field key -> message ('Light Status is required'). */
  errors: Record<string, string>;
  /** The answers of the schema's fields only (keys the schema does not know are dropped). */
  answers: TFormAnswers;
}

export interface TCheckOptions {
  /** A partial save (In Progress): types are checked, required fields may still be empty. */
  partial?: boolean;
}

interface TInputField {
  component: TFormComponent;
  /** Where the answer lives: group paths then the key. */
  path: string[];
}

/** Every answer-holding field, with its data path (form-js groups with a `path` nest their data). */
export function inputFields(schema: Pick<TFormSchema, 'components'>): TInputField[] {
  const fields: TInputField[] = [];
  const walk = (components: TFormComponent[], prefix: string[]) => {
    for (const component of components) {
      if (INPUT_TYPES.has(component.type) && component.key) fields.push({ component, path: [...prefix, ...component.key.split('.')] });
      // A dynamic list repeats its children per item: its data is an array we keep but do not check.
      else if (component.type === 'dynamiclist' && typeof component.path === 'string') fields.push({ component, path: [...prefix, ...component.path.split('.')] });
      else if (component.components) {
        const groupPath = typeof component.path === 'string' && component.path ? component.path.split('.') : [];
        walk(component.components, [...prefix, ...groupPath]);
      }
    }
  };
  walk(schema.components ?? [], []);
  return fields;
}

function readPath(answers: TFormAnswers, path: string[]): unknown {
  let value: unknown = answers;
  for (const part of path) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function writePath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  for (const part of path.slice(0, -1)) {
    if (!node[part] || typeof node[part] !== 'object') node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

function labelOf(component: TFormComponent): string {
  const label = (component.label ?? '').trim();
  return label || component.key || component.type;
}

function staticValues(component: TFormComponent): unknown[] | null {
  // Options from an input variable (`valuesKey`) or an expression are not known to the schema.
  if (!Array.isArray(component.values) || component.values.length === 0) return null;
  return component.values.map((option) => option.value);
}

function checkField(component: TFormComponent, value: unknown, options: TCheckOptions): string | null {
  const label = labelOf(component);
  const validate = component.validate ?? {};
  const required = !!validate.required && !component.conditional && !component.disabled && !component.readonly && !options.partial;
  if (isEmpty(value) || (component.type === 'checkbox' && value === false)) {
    if (required) return `${label} is required`;
    if (isEmpty(value)) return null;
  }
  const choices = staticValues(component);
  const oneOf = () => `${label} must be one of ${choices!.map(String).join(', ')}`;
  switch (component.type) {
    case 'textfield':
    case 'textarea': {
      if (typeof value !== 'string') return `${label} must be text`;
      if (validate.minLength !== undefined && value.length < validate.minLength) return `${label} must be at least ${validate.minLength} characters`;
      if (validate.maxLength !== undefined && value.length > validate.maxLength) return `${label} must be at most ${validate.maxLength} characters`;
      if (validate.pattern) {
        try {
          if (!new RegExp(`^(?:${validate.pattern})$`).test(value)) return `${label} is not in the expected format`;
        } catch {
          // An invalid pattern in the schema is the builder's mistake, not the answer's.
        }
      }
      return null;
    }
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) return `${label} must be a number`;
      if (validate.min !== undefined && n < validate.min) return `${label} must be at least ${validate.min}`;
      if (validate.max !== undefined && n > validate.max) return `${label} must be at most ${validate.max}`;
      return null;
    }
    case 'checkbox':
      return typeof value === 'boolean' ? null : `${label} must be checked or unchecked`;
    case 'radio':
    case 'select':
      if (typeof value === 'object') return `${label} must be one choice`;
      return choices && !choices.includes(value) ? oneOf() : null;
    case 'checklist':
    case 'taglist':
      if (!Array.isArray(value)) return `${label} must be a list of choices`;
      return choices && value.some((item) => !choices.includes(item)) ? oneOf() : null;
    case 'datetime':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}|^\d{2}:\d{2}/.test(value) ? null : `${label} must be a valid date`;
    case 'filepicker': {
      const ids = Array.isArray(value) ? value : [value];
      return ids.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 100) ? null : `${label} must be an uploaded file`;
    }
    default:
      return null;
  }
}

/** Check `answers` against `schema`: the errors by field key, and the answers kept. */
export function checkAnswers(schema: Pick<TFormSchema, 'components'>, answers: TFormAnswers, options: TCheckOptions = {}): TAnswerCheck {
  const errors: Record<string, string> = {};
  const kept: Record<string, unknown> = {};
  for (const { component, path } of inputFields(schema)) {
    const value = readPath(answers, path);
    if (component.type !== 'dynamiclist') {
      const error = checkField(component, value, options);
      if (error) errors[path.join('.')] = error;
    }
    if (value !== undefined) writePath(kept, path, value);
  }
  return { errors, answers: kept };
}

/**
 * Pass/fail checks (our addition to form-js): a checkbox, radio or select whose custom property
 * `passFail` is 'true' (form-js editor: Custom properties, key `passFail`, value `true`).
 * A checkbox passes when ticked; a radio or select fails when its answer is one of the
 * comma-separated `failValues` (default 'fail'), compared case-insensitively.
 */
export const PASS_FAIL_PROPERTY = 'passFail';
export const FAIL_VALUES_PROPERTY = 'failValues';

export function isPassFailCheck(component: TFormComponent): boolean {
  return ['checkbox', 'radio', 'select'].includes(component.type) && String(component.properties?.[PASS_FAIL_PROPERTY] ?? '').toLowerCase() === 'true';
}

/** The labels of the pass/fail checks that failed, in the form's order. */
export function failedChecks(schema: Pick<TFormSchema, 'components'>, answers: TFormAnswers): string[] {
  const failed: string[] = [];
  for (const { component, path } of inputFields(schema)) {
    if (!isPassFailCheck(component)) continue;
    const value = readPath(answers, path);
    if (component.type === 'checkbox') {
      if (value !== true) failed.push(labelOf(component));
      continue;
    }
    const failValues = String(component.properties?.[FAIL_VALUES_PROPERTY] ?? 'fail')
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean);
    if (value !== undefined && value !== null && failValues.includes(String(value).toLowerCase())) failed.push(labelOf(component));
  }
  return failed;
}
