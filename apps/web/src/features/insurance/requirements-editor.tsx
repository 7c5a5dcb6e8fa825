import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useFieldArray, type Control } from 'react-hook-form';
import type { TSelectOption } from '../../components/form-fields';
import { CheckboxField, SelectField } from '../../components/form-fields';
import { MoneyField } from '../../components/money-field';
import { SchemaFormDialog } from '../../components/schema-form-dialog';
import { SUCCESS_TEXT } from '../../lib/notify';
import { useCoverageTypes, type TRequirement } from './api';
import { ZRequirementsInput, type TRequirementListInput, type TRequirementListValues } from './schemas';

const EMPTY_ROW = { insuranceTypeId: '', minPerOccurrence: undefined, minAggregate: undefined, additionalInsuredRequired: false, waiverOfSubrogationRequired: false };

/** The rows: coverage type, the two minimum limits and the two flags; added and removed in place. */
function RequirementRows({ control, options }: { control: Control<TRequirementListInput>; options: TSelectOption[] }) {
  const rows = useFieldArray({ control, name: 'requirements' });
  return (
    <>
      {rows.fields.length === 0 && <Typography color="text.secondary">No insurance is required. Add a coverage type to require one.</Typography>}
      {rows.fields.map((row, index) => (
        <Paper key={row.id} variant="outlined" sx={{ p: 2 }} role="group" aria-label={`Requirement ${index + 1}`}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
            <SelectField control={control} name={`requirements.${index}.insuranceTypeId`} label="Coverage Type" options={options} placeholder="Select One" required />
            <MoneyField control={control} name={`requirements.${index}.minPerOccurrence`} label="Min Per Occurrence" required />
            <MoneyField control={control} name={`requirements.${index}.minAggregate`} label="Min Aggregate" required />
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 1 }}>
            <CheckboxField control={control} name={`requirements.${index}.additionalInsuredRequired`} label="Additional insured required" />
            <CheckboxField control={control} name={`requirements.${index}.waiverOfSubrogationRequired`} label="Waiver of subrogation required" />
            <IconButton aria-label={`Remove requirement ${index + 1}`} onClick={() => rows.remove(index)} sx={{ ml: 'auto' }}>
              <DeleteIcon />
            </IconButton>
          </Box>
        </Paper>
      ))}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => rows.append({ ...EMPTY_ROW } as never)}>
          Add Requirement
        </Button>
      </Box>
    </>
  );
}

export interface TRequirementsDialogProps {
  title: string;
  requirements: readonly TRequirement[];
  /** Sends the list (a mutation's `mutateAsync`). */
  onSave: (requirements: TRequirement[]) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The insurance requirements editor (property types and an agreement's override): the list is
 * validated row by row before it is sent; the server's errors on a row land on its field.
 */
export function RequirementsDialog({ title, requirements, onSave, onClose }: TRequirementsDialogProps) {
  const types = useCoverageTypes();
  const options: TSelectOption[] = (types.data ?? []).map((t) => ({ value: t._id, label: String(t.name ?? '') }));
  // a type no longer offered (deleted or renamed) still shows under its stored name
  for (const r of requirements) if (!options.some((o) => o.value === r.insuranceTypeId)) options.unshift({ value: r.insuranceTypeId, label: r.insuranceTypeName });
  const nameOf = (id: string) => options.find((o) => o.value === id)?.label ?? '';
  const save = (values: TRequirementListValues) => onSave(values.requirements.map((row) => ({ ...row, insuranceTypeName: nameOf(row.insuranceTypeId) })));
  return (
    <SchemaFormDialog
      schema={ZRequirementsInput}
      title={title}
      defaultValues={{ requirements: requirements.map(({ insuranceTypeName: _name, ...row }) => row) }}
      fields={[]}
      onSave={save}
      successText={SUCCESS_TEXT.updated}
      onClose={onClose}
      maxWidth="md"
      nestedErrors
    >
      {(control) => <RequirementRows control={control} options={options} />}
    </SchemaFormDialog>
  );
}
