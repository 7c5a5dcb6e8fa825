import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { IMPORT_KINDS, type ImportKindName } from '@apron/core/imports';
import { templateHref } from './api/downloads';
import { KIND_INFO } from './kinds';

function isKind(value: string): value is ImportKindName {
  return (IMPORT_KINDS as readonly string[]).includes(value);
}

/** Step 1: what the file holds (one line on what each kind brings) and its template. */
export function KindStep({ kind, onKind, disabled }: { kind: ImportKindName | null; onKind: (kind: ImportKindName) => void; disabled?: boolean }) {
  return (
    <>
      <FormControl disabled={disabled}>
        <FormLabel id="import-kind-label">What does the file hold?</FormLabel>
        <RadioGroup
          aria-labelledby="import-kind-label"
          value={kind ?? ''}
          onChange={(event) => {
            if (isKind(event.target.value)) onKind(event.target.value);
          }}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' }, columnGap: 2 }}
        >
          {IMPORT_KINDS.map((name) => (
            <FormControlLabel
              key={name}
              value={name}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
              label={
                <>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                    {KIND_INFO[name].label}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {KIND_INFO[name].brings}
                  </Typography>
                </>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      {kind && (
        <Button component="a" href={templateHref(kind)} download variant="text" startIcon={<DownloadIcon />} sx={{ alignSelf: 'flex-start', mt: 1 }}>
          Download the {KIND_INFO[kind].many} template (CSV)
        </Button>
      )}
    </>
  );
}
