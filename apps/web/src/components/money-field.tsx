import type { Control, FieldValues, Path } from 'react-hook-form';
import { NumberField } from './number-field';

/** A dollar amount: the kit's number field with a '$' (the form holds dollars as a number). */
export function MoneyField<T extends FieldValues>(props: { name: Path<T>; control: Control<T>; label: string; required?: boolean; disabled?: boolean; autoFocus?: boolean }) {
  return <NumberField {...props} prefix="$" inputMode="decimal" />;
}
