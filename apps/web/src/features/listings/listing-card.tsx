import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import PlaceIcon from '@mui/icons-material/Place';
import { formatDate } from '@apron/core/dates';
import { formatMoney, toCents } from '@apron/core/money-format';
import type { TPublicListing } from '@apron/core/properties/listings';

/** `$1,250.00` from the dollars the API carries. */
export function formatRent(dollars: number): string {
  return formatMoney(toCents(dollars));
}

/** One public listing: image, area, name, rent, description, available-from date. */
export function ListingCard({ listing, selected, onSelect }: { listing: TPublicListing; selected: boolean; onSelect: () => void }) {
  const available = listing.dateAvailable ? formatDate(listing.dateAvailable) : null;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}>
      <Box sx={{ display: 'flex', gap: 1.5, p: 1.5, alignItems: 'flex-start' }}>
        {listing.image ? (
          <Box
            component="img"
            src={listing.image}
            alt=""
            loading="lazy"
            sx={{ width: { xs: 96, sm: 144 }, aspectRatio: '3 / 2', objectFit: 'cover', borderRadius: 1, flexShrink: 0, bgcolor: 'grey.200' }}
          />
        ) : (
          <Box
            aria-hidden
            sx={{ width: { xs: 96, sm: 144 }, aspectRatio: '3 / 2', borderRadius: 1, flexShrink: 0, bgcolor: 'grey.200', display: 'grid', placeItems: 'center' }}
          >
            <HomeWorkIcon color="disabled" />
          </Box>
        )}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.4 }}>
            {listing.areaName} · {listing.type}
          </Typography>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {listing.propertyName}
          </Typography>
          <Typography variant="body1" sx={{ fontWeight: 600 }}>
            {formatRent(listing.rent)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
            {listing.description}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {available ? `Available from ${available}` : 'Available now'}
          </Typography>
          <Button size="small" startIcon={<PlaceIcon />} onClick={onSelect} aria-pressed={selected} aria-label={`Show on map: ${listing.propertyName}`} sx={{ mt: 0.5, ml: -0.5 }}>
            Show on map
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
